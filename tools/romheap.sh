#!/bin/bash
# Runs a tests/support script from a ROMFS image of the device's code, with the
# free heap of a bare `-X heapsize=TARGET` (the "code in ROM" model of
# tests/romfs.py, by hand). Needs the venv (`make test` makes it).
#   tools/romheap.sh TARGET MODULE ARGS...
#   tools/romheap.sh 128k ui_parity docs/scripts/titlebout.txt --heap
#   tools/romheap.sh 128k storm 3 1500 /tmp/flash --heap -v    (an empty folder: the flash)
#   tools/romheap.sh 128k storm 3 1500 /tmp/flash --heap --restart /tmp/state   (a process a power-on)
set -e
REPO=$(cd "$(dirname "$0")/.." && pwd)
TARGET=$1; shift
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
cd "$REPO"
PY=.venv/bin/python; MP=.venv/bin/micropython
PATH="$REPO/.venv/bin:$PATH" PYTHONPATH=. $PY -c "
import sys
from host_sim.bench import mpytree
mpytree.device_tree('$OUT/tree')
mpytree.compile_tree('tests/support', [n for n in __import__('os').listdir('tests/support') if n.endswith('.py')], '$OUT/tree')
mpytree.romfs('$OUT/tree', '$OUT/rom.img')
print(*mpytree.rom_heap('$MP', '$OUT/rom.img', '$TARGET'))
" > "$OUT/sizes"
read HEAP FREE ALLOC < "$OUT/sizes"
# exit code 75: a power cut ended the process (storm.py --restart FILE): boot a new one
set +e
while true; do
  MICROPYPATH="$REPO/tests/support:.frozen" $MP -X heapsize=$HEAP tests/support/rom_boot.py "$OUT/rom.img" $FREE $ALLOC "$@"
  CODE=$?
  [ $CODE -eq 75 ] || exit $CODE
done
