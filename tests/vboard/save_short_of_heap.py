"""vbsetup save-short-of-heap=N: the N-th save of this process finds no heap for its
file (littlefs's cache, one block): its open raises MemoryError, as on a
broken-up heap."""
import builtins


def setup(n):
    real, left = builtins.open, [n]

    def open_short_of_heap(path, mode="r"):
        if path.endswith(".tmp") and "w" in mode:
            left[0] -= 1
            if left[0] == 0:
                raise MemoryError("memory allocation failed, allocating 1200 bytes")
        return real(path, mode)

    builtins.open = open_short_of_heap
