#!/usr/bin/env python3
"""The build holds the layers of layers.txt: the compiler cannot find a layer's headers from a
target that may not reach it.

For every target of every layer, this takes the include flags the build compiles that target's
files with (compile_commands.json) and preprocesses a one-line file including one header of each
other layer. A header of a layer that is neither the target's own nor below it (the layers it uses,
and the ones those use, and so on) must not be found: a file of a lower layer that includes a
higher one fails to compile. A header of the target's own layer must be found (else the probe
proves nothing).

Usage: check_build_layers.py SOURCE_DIR COMPILE_COMMANDS TARGET...
           prints every include the build lets through, exits 1 if any
       check_build_layers.py --add-root DIR SOURCE_DIR COMPILE_COMMANDS TARGET...
           adds -I DIR to every target's flags and exits 0 only if that lets a layer's header
           through (the check shown able to fail: DIR = client/ was every window library's root)
"""
import json
import os
import shlex
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

import layers as layer_file

HEADERS = (".hpp", ".h")
# The flags that decide what an include finds; the rest (warnings, -o, -c) do not matter here.
INCLUDE_FLAGS = ("-I", "-isystem", "-iquote", "-idirafter", "-D", "-U", "-std=", "-include")
SEPARATE_VALUE = ("-I", "-isystem", "-iquote", "-idirafter", "-D", "-U", "-include")


def include_flags(command):
    """The compiler and the include-deciding flags of one compile command (no launcher)."""
    words = shlex.split(command)
    if os.path.basename(words[0]) == "ccache":
        words = words[1:]
    kept, index = [words[0]], 1
    while index < len(words):
        word = words[index]
        if word in SEPARATE_VALUE and index + 1 < len(words):
            kept += words[index:index + 2]
            index += 2
            continue
        if word.startswith(INCLUDE_FLAGS):
            kept.append(word)
        index += 1
    return kept


def object_of(command):
    """Where a compile command writes its object (the path after -o), from the top of its folder."""
    words = shlex.split(command)
    return "/" + next((words[at + 1] for at, word in enumerate(words[:-1]) if word == "-o"), "")


def commands_by_target(path, targets):
    """The folder and include flags of one compile command per target: CMake writes a target's
    objects under CMakeFiles/<target>.dir/."""
    with open(path, encoding="utf-8") as source:
        entries = json.load(source)
    found = {}
    for target in targets:
        marker = f"/CMakeFiles/{target}.dir/"
        entry = next((entry for entry in entries if marker in object_of(entry["command"])), None)
        if entry is not None:
            found[target] = (entry["directory"], include_flags(entry["command"]))
    return found


def one_header(source_dir, graph, layer):
    """One header of a layer, as it is included ("text/Words.hpp"), or None."""
    nested = [other.folder for other in graph.layers if other.folder != layer.folder and other.folder.startswith(layer.folder)]
    for folder, dirs, files in sorted(os.walk(os.path.join(source_dir, layer.folder))):
        relative = os.path.relpath(folder, source_dir).replace(os.sep, "/") + "/"
        if any(relative.startswith(inner) for inner in nested):
            continue
        at = ("/" + relative).find("/" + layer.include)
        for name in sorted(files):
            if name.endswith(HEADERS) and at >= 0:
                return relative[at:] + name
    return None


def below(graph, name):
    """Every layer under a layer: the ones it uses, the ones those use, and so on."""
    found, todo = set(), list(graph.layer(name).uses)
    while todo:
        used = todo.pop()
        if used not in found:
            found.add(used)
            todo += graph.layer(used).uses
    return found


def finds(directory, flags, spelling):
    """Whether the flags find the header (it may then stop at a header it includes itself)."""
    with tempfile.TemporaryDirectory() as probe_dir:
        probe = os.path.join(probe_dir, "probe.cpp")
        with open(probe, "w", encoding="utf-8") as out:
            out.write(f'#include "{spelling}"\n')
        result = subprocess.run(flags + ["-E", "-o", os.devnull, probe], cwd=directory, capture_output=True, text=True)
    if result.returncode == 0 or f"from {probe}:1" in result.stderr:
        return True
    if f"probe.cpp:1:10: fatal error: {spelling}: No such file or directory" in result.stderr:
        return False
    raise RuntimeError(f'the probe including "{spelling}" failed:\n{result.stderr.strip()}')


def probes(source_dir, graph, commands):
    """(target, its layer, another layer, its header, whether it must be found) for every target."""
    headers = {layer.name: one_header(source_dir, graph, layer) for layer in graph.layers if layer.include}
    for layer in graph.layers:
        reachable = below(graph, layer.name)
        for target in layer.targets:
            if target not in commands:
                continue
            for other, header in headers.items():
                if header and other == layer.name:
                    yield target, layer.name, other, header, True
                elif header and other not in reachable:
                    yield target, layer.name, other, header, False


def check(source_dir, graph, commands):
    def run(probe):
        target, layer, other, header, expected = probe
        directory, flags = commands[target]
        try:
            if finds(directory, flags, header) == expected:
                return None
        except RuntimeError as error:
            return f"{target}: {error}"
        if expected:
            return f'{target} (layer {layer}) cannot find its own header "{header}"'
        return f'{target} (layer {layer}) finds "{header}" of layer {other}, which it may not reach'

    planned = list(probes(source_dir, graph, commands))
    with ThreadPoolExecutor(max_workers=2) as pool:
        problems = [problem for problem in pool.map(run, planned) if problem]
    return planned, problems


def main(arguments):
    added_root = None
    if len(arguments) >= 2 and arguments[0] == "--add-root":
        added_root, arguments = arguments[1], arguments[2:]
    if len(arguments) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    source_dir, compile_commands, targets = arguments[0], arguments[1], arguments[2:]
    graph = layer_file.read(os.path.join(source_dir, "layers.txt"))
    commands = commands_by_target(compile_commands, targets)
    missing = [target for target in targets if target not in commands]
    if missing:
        print(f"no compile command for {', '.join(missing)} in {compile_commands}", file=sys.stderr)
        return 1
    if added_root:
        commands = {target: (directory, flags + ["-I", added_root]) for target, (directory, flags) in commands.items()}
    planned, problems = check(source_dir, graph, commands)
    for problem in problems:
        print(problem, file=sys.stderr)
    if added_root:
        if problems:
            print(f"with -I {added_root}, the check reports {len(problems)} include(s) the build lets through")
            return 0
        print(f"with -I {added_root}, the check reported nothing: it cannot fail", file=sys.stderr)
        return 1
    if problems:
        print(f"{len(problems)} of {len(planned)} probes: the build lets a layer reach one it may not", file=sys.stderr)
        return 1
    print(f"{len(planned)} probes over {len(commands)} targets: each finds its own headers and no higher layer's")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
