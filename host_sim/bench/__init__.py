"""`make bench`: figures measured on CPython and on MicroPython's unix port.

Each b_*.py script here runs unchanged under both interpreters (firmware/ and
this folder on the path) and prints rows `row<TAB>figure<TAB>value<TAB>unit`.
A first-line comment `# heapsize: 128k` runs its MicroPython side under that
heap. Scripts ending in _host.py run on CPython only.
"""
