#!/usr/bin/env python3
"""The rooms' include rules (docs/ARCHITECTURE.md), checked two ways.

usage: check_rooms.py SOURCE_DIR CXX VOCABULARY_INCLUDE_DIRS

1. Every #include "ROOM/..." in a room's files names the room itself or a room it
   USES in CMakeLists.txt's cvsearch_room(...) lines (the one place the graph is
   written), and no include climbs out with "../".
2. The build enforces it: with the vocabulary room's own include path, the
   compiler finds "vocabulary/schema.hpp" but not "searcher/facets.hpp".
Exit 0 when both hold; otherwise each violation is printed, exit 1.
"""
import os, re, subprocess, sys, tempfile

src, cxx, vocab_dirs = sys.argv[1], sys.argv[2], [d for d in sys.argv[3].split(";") if d]
cmake = open(os.path.join(src, "CMakeLists.txt")).read()
rooms = {}
for name, args in re.findall(r"^cvsearch_room\((\w+)([^)]*)\)", cmake, re.M):
    uses = re.search(r"USES((?:\s+\w+)+)", re.sub(r"#[^\n]*", "", args))
    rooms[name] = {name} | (set(uses.group(1).split()) if uses else set())
    rooms[name] -= {"EXTRA_SOURCES"}
if set(rooms) != {"core", "parse", "vocabulary", "indexer", "searcher", "web"}:
    sys.exit(f"check_rooms: expected six rooms in {src}/CMakeLists.txt, found {sorted(rooms)}")

bad = []
for room, allowed in rooms.items():
    for dirpath, _, files in os.walk(os.path.join(src, room)):
        for fn in files:
            if not fn.endswith((".cpp", ".hpp")):
                continue
            path = os.path.join(dirpath, fn)
            for n, line in enumerate(open(path, encoding="utf-8"), 1):
                m = re.match(r'\s*#\s*include\s+"([^"]+)"', line)
                if not m:
                    continue
                target = m.group(1)
                top = target.split("/")[0]
                if ".." in target.split("/"):
                    bad.append(f"{path}:{n}: includes {target} by a relative path")
                elif top in rooms and top not in allowed:
                    bad.append(f"{path}:{n}: room '{room}' includes {target}; it may use {sorted(allowed)}")

def compiles(header):
    with tempfile.NamedTemporaryFile("w", suffix=".cpp", delete=False) as f:
        f.write(f'#include "{header}"\n')
    r = subprocess.run([cxx, "-std=c++20", "-fsyntax-only", "-E", *[f"-I{d}" for d in vocab_dirs], f.name],
                       capture_output=True, text=True)
    os.unlink(f.name)
    return r.returncode == 0, r.stderr

ok, err = compiles("vocabulary/schema.hpp")
if not ok:
    bad.append("the vocabulary room's include path does not find its own header vocabulary/schema.hpp:\n" + err)
ok, _ = compiles("searcher/facets.hpp")
if ok:
    bad.append("the vocabulary room's include path finds searcher/facets.hpp: the build does not enforce the rooms")

for b in bad:
    print(b)
print(f"check_rooms: {len(rooms)} rooms, {len(bad)} violations")
sys.exit(1 if bad else 0)
