#!/usr/bin/env python3
"""Every product header compiles on its own: it includes what it uses, whatever included it
before (a unity build, which pastes a target's files together, would hide a missing include).

For every .hpp and .h of every layer of layers.txt (a header under a nested layer's folder is that
layer's), this compiles a one-line file that includes only that header, -fsyntax-only, several at
once, with the include flags (compile_commands.json) of the layer's target that compiles the files
beside the header (else the layer's first target). With --cache DIR it keeps, per header that
compiled, the files the compiler read and their times and sizes, and compiles it again only when
one of them or the flags changed.

Usage: check_headers.py [--cache DIR] SOURCE_DIR COMPILE_COMMANDS TARGET...
           prints every header that does not compile alone, exits 1 if any
       check_headers.py --self-test SOURCE_DIR COMPILE_COMMANDS TARGET
           the check shown able to fail: a planted header that uses std::string without
           <string> must be reported, the same header with the include must not
"""
import hashlib
import json
import os
import shlex
import subprocess
import re
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

import check_build_layers as build_layers
import layers as layer_file

HEADERS = (".hpp", ".h")


def headers_of(source_dir, graph):
    """(layer, absolute path) of every header of every layer: each in the deepest layer holding it."""
    folders = sorted((layer.folder for layer in graph.layers), key=len, reverse=True)
    by_folder = {layer.folder: layer for layer in graph.layers}
    found = []
    for layer in graph.layers:
        for folder, dirs, files in sorted(os.walk(os.path.join(source_dir, layer.folder))):
            dirs.sort()
            relative = os.path.relpath(folder, source_dir).replace(os.sep, "/") + "/"
            owner = next(candidate for candidate in folders if relative.startswith(candidate))
            if by_folder[owner] is not layer:
                continue
            for name in sorted(files):
                if name.endswith(HEADERS):
                    found.append((layer, os.path.join(folder, name)))
    return found


def compiles_alone(directory, flags, header, deps=None):
    """None when a file that includes only `header` compiles, else the compiler's words. When it
    compiles and `deps` is a list, the files the compiler read are added to it."""
    with tempfile.TemporaryDirectory() as probe_dir:
        probe = os.path.join(probe_dir, "alone.cpp")
        depfile = os.path.join(probe_dir, "alone.d")
        with open(probe, "w", encoding="utf-8") as out:
            out.write(f'#include "{header}"\n')
        result = subprocess.run(flags + ["-fsyntax-only", "-MD", "-MF", depfile, probe], cwd=directory,
                                capture_output=True, text=True)
        if result.returncode != 0:
            return result.stderr.strip()
        if deps is not None and os.path.exists(depfile):
            with open(depfile, encoding="utf-8") as depends:
                words = shlex.split(depends.read().replace("\\\n", " "))
            deps += [os.path.join(directory, word) for word in words[1:] if word != probe]
    return None


def stamp(path):
    """What says a file changed: its time and size, or None when it is gone."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return [info.st_mtime_ns, info.st_size]


def targets_by_folder(compile_commands, targets):
    """For each folder with sources, the targets that compile a file there."""
    with open(compile_commands, encoding="utf-8") as source:
        entries = json.load(source)
    found = {}
    for entry in entries:
        target = next((target for target in targets
                       if f"/CMakeFiles/{target}.dir/" in build_layers.object_of(entry["command"])), None)
        if target is None:
            continue
        for source_file in sources_of(os.path.join(entry["directory"], entry["file"])):
            found.setdefault(os.path.realpath(os.path.dirname(source_file)), []).append(target)
    return found


UNITY_INCLUDE = re.compile(r'^#include\s+"([^"]+)"', re.MULTILINE)


def sources_of(compiled):
    """The sources a compile command compiles: the file itself, or, for a unity build's file
    (CMake writes it under Unity/), the sources it includes."""
    if f"{os.sep}Unity{os.sep}" not in compiled:
        return [compiled]
    try:
        with open(compiled, encoding="utf-8") as unity:
            return UNITY_INCLUDE.findall(unity.read())
    except OSError:
        return [compiled]


def flags_for(layer, header, commands, folders):
    """The directory and include flags to compile `header` with: those of the layer's target that
    compiles the files beside it, else of the layer's first target the build has."""
    beside = folders.get(os.path.realpath(os.path.dirname(header)), [])
    target = next((target for target in layer.targets if target in commands and target in beside), None)
    if target is None:
        target = next((target for target in layer.targets if target in commands), None)
    return commands.get(target) if target else None


def check(source_dir, graph, commands, folders, cache_dir=None):
    planned = [(layer, header, flags_for(layer, header, commands, folders))
               for layer, header in headers_of(source_dir, graph)]
    planned = [item for item in planned if item[2] is not None]
    cache = {}
    cache_file = os.path.join(cache_dir, "headers.json") if cache_dir else None
    if cache_file and os.path.exists(cache_file):
        with open(cache_file, encoding="utf-8") as kept:
            cache = json.load(kept)

    def key_of(header, directory, flags):
        return header + " " + hashlib.sha256(" ".join([directory] + flags).encode()).hexdigest()

    def run(item):
        layer, header, (directory, flags) = item
        key = key_of(header, directory, flags)
        kept = cache.get(key)
        if kept and all(stamp(path) == when for path, when in kept.items()):
            return key, kept, None
        deps = []
        error = compiles_alone(directory, flags, header, deps)
        if error is None:
            return key, {path: stamp(path) for path in deps}, None
        return key, None, f"{os.path.relpath(header, source_dir)} (layer {layer.name}) does not compile alone:\n{error}"

    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = list(pool.map(run, planned))
    problems = [problem for _, _, problem in results if problem]
    if cache_file:
        os.makedirs(cache_dir, exist_ok=True)
        with open(cache_file, "w", encoding="utf-8") as out:
            json.dump({key: deps for key, deps, _ in results if deps is not None}, out)
    covered = {layer.name for layer, _, _ in planned}
    skipped = [layer.name for layer in graph.layers if layer.name not in covered]
    return planned, problems, skipped


def self_test(commands):
    directory, flags = next(iter(commands.values()))
    with tempfile.TemporaryDirectory() as plant_dir:
        broken = os.path.join(plant_dir, "Broken.hpp")
        with open(broken, "w", encoding="utf-8") as out:
            out.write("#pragma once\n\ninline std::string planted() { return {}; }\n")
        whole = os.path.join(plant_dir, "Whole.hpp")
        with open(whole, "w", encoding="utf-8") as out:
            out.write("#pragma once\n\n#include <string>\n\ninline std::string planted() { return {}; }\n")
        missed = compiles_alone(directory, flags, broken) is None
        refused = compiles_alone(directory, flags, whole)
    if missed:
        print("a header using std::string without <string> was not reported: the check cannot fail", file=sys.stderr)
        return 1
    if refused is not None:
        print(f"a header that includes what it uses was reported:\n{refused}", file=sys.stderr)
        return 1
    print("the planted header without <string> is reported, the one with it is not")
    return 0


def main(arguments):
    testing = bool(arguments) and arguments[0] == "--self-test"
    if testing:
        arguments = arguments[1:]
    cache_dir = None
    if len(arguments) >= 2 and arguments[0] == "--cache":
        cache_dir, arguments = arguments[1], arguments[2:]
    if len(arguments) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    source_dir, compile_commands, targets = arguments[0], arguments[1], arguments[2:]
    commands = build_layers.commands_by_target(compile_commands, targets)
    missing = [target for target in targets if target not in commands]
    if missing:
        print(f"no compile command for {', '.join(missing)} in {compile_commands}", file=sys.stderr)
        return 1
    if testing:
        return self_test(commands)
    graph = layer_file.read(os.path.join(source_dir, "layers.txt"))
    folders = targets_by_folder(compile_commands, targets)
    planned, problems, skipped = check(source_dir, graph, commands, folders, cache_dir)
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"{len(problems)} of {len(planned)} headers do not compile on their own", file=sys.stderr)
        return 1
    print(f"{len(planned)} headers each compile on their own"
          + (f" (layers with no target given: {', '.join(skipped)})" if skipped else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
