#!/usr/bin/env python3
"""The layers of layers.txt, checked from the includes of every product file.

A file may include headers of its own layer and of the layers its layer uses, and only the outside
libraries its layer is allowed (layers.txt, the one place the layer graph is written): SFML and
ImGui only in the window, Asio only in net/, the programs and the window's match/ and app/, inih
only in settings/, and so on. Tests are not product files and may include anything. The build
holds the same lines (cmake/SpeedLayers.cmake, tests/layering/check_build_layers.py).

Usage: check_layers.py SOURCE_DIR     prints every violation as file:line, exits 1 if any
       check_layers.py --self-test    builds a small tree with known violations and checks
                                       that each is reported (so this check can fail)
"""
import os
import sys
import tempfile
import re

import layers as layer_file

INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')
SOURCES = (".cpp", ".hpp", ".h", ".c")


class Rules:
    """The layer graph as this check reads it: folders and spellings longest first, what each
    layer may include besides itself, each outside library's include prefixes with its layers."""

    def __init__(self, graph):
        self.folders = sorted(((layer.folder, layer.name) for layer in graph.layers), key=lambda pair: -len(pair[0]))
        self.spellings = sorted(((layer.include, layer.name) for layer in graph.layers if layer.include),
                                key=lambda pair: -len(pair[0]))
        self.below = {layer.name: set(layer.uses) for layer in graph.layers}
        self.libraries = [(tuple(library.includes), library.name,
                           {layer.name for layer in graph.layers if library.name in layer.libraries})
                          for library in graph.libraries if library.includes]

    def layer_of_file(self, path):
        return next((layer for prefix, layer in self.folders if path.startswith(prefix)), None)

    def layer_of_spelling(self, spelling):
        return next((layer for prefix, layer in self.spellings if spelling.startswith(prefix)), None)


def problems_in(rules, layer, text):
    for number, line in enumerate(text.splitlines(), 1):
        match = INCLUDE.match(line)
        if not match:
            continue
        quoted, spelling = match.group(1) == '"', match.group(2)
        if quoted:
            target = rules.layer_of_spelling(spelling)
            if target is None:
                if "/" in spelling:
                    yield number, f'"{spelling}" names no layer (write speed/<layer>/... or a client folder)'
                continue  # a private header beside the file: its own layer
            if target != layer and target not in rules.below[layer]:
                yield number, f'"{spelling}" is in layer {target}, which {layer} must not include'
            continue
        for prefixes, library, allowed in rules.libraries:
            if spelling.startswith(prefixes) and layer not in allowed:
                yield number, f"<{spelling}>: {library} is not for layer {layer}"


def check(root, graph):
    rules = Rules(graph)
    problems = []
    for folder, _, files in os.walk(root):
        relative_folder = os.path.relpath(folder, root)
        if relative_folder.split(os.sep)[0] in ("build", "tests", ".git"):
            continue
        for name in files:
            if not name.endswith(SOURCES):
                continue
            path = os.path.normpath(os.path.join(relative_folder, name)).replace(os.sep, "/")
            layer = rules.layer_of_file(path)
            if layer is None:
                problems.append(f"{path}: a source file outside every layer")
                continue
            with open(os.path.join(root, path), encoding="utf-8") as source:
                for number, problem in problems_in(rules, layer, source.read()):
                    problems.append(f"{path}:{number}: {problem}")
    return problems


PLANTED_TREE = {
    "common/src/Bad.cpp": '#include "speed/protocol/Message.hpp"\n#include <spdlog/spdlog.h>\n',
    "protocol/src/Bad.cpp": "#include <asio/ip/udp.hpp>\n",
    "net/src/Bad.cpp": '#include "speed/sim/Simulation.hpp"\n#include <SFML/Graphics.hpp>\n',
    "client/table/Bad.cpp": '#include "match/LocalMatch.hpp"\n#include <SFML/Window.hpp>\n',
    "client/ui/Bad.cpp": '#include "app/ClientOptions.hpp"\n#include <SFML/Audio/Sound.hpp>\n',
    "client/render/Bad.cpp": "#include <imgui.h>\n",
    "client/sound/Bad.cpp": '#include "table/Layout.hpp"\n#include <SFML/Audio.hpp>\n',
    "client/audio/Good.cpp": '#include "sound/SoundCues.hpp"\n#include <SFML/Audio/Sound.hpp>\n',
    "store/src/Bad.cpp": '#include "speed/net/UdpPeer.hpp"\n#include <asio.hpp>\n',
    "net/src/AlsoBad.cpp": '#include "speed/store/TicketFile.hpp"\n#include <sqlite3.h>\n',
    "store/src/Good.cpp": '#include "speed/protocol/Continuity.hpp"\n#include <sqlite3.h>\n#include <sys/stat.h>\n',
    "server/Good.cpp": '#include "speed/store/MatchJournal.hpp"\n',
    "settings/src/Good.cpp": '#include "speed/common/Card.hpp"\n#include <ini.h>\n#include "Private.hpp"\n',
    "stray/Lost.cpp": "int x;\n",
}
PLANTED_PROBLEMS = {
    "common/src/Bad.cpp:1", "common/src/Bad.cpp:2", "protocol/src/Bad.cpp:1", "net/src/Bad.cpp:1",
    "net/src/Bad.cpp:2", "client/table/Bad.cpp:1", "client/table/Bad.cpp:2", "client/ui/Bad.cpp:1",
    "client/ui/Bad.cpp:2", "client/render/Bad.cpp:1", "client/sound/Bad.cpp:1", "client/sound/Bad.cpp:2",
    "store/src/Bad.cpp:1", "store/src/Bad.cpp:2", "net/src/AlsoBad.cpp:1", "net/src/AlsoBad.cpp:2",
    "stray/Lost.cpp",
}
# Layer files the reader must refuse: a layer using one not listed above it, a library no
# line names, a key it does not know, two layers in one folder.
PLANTED_LAYER_FILES = [
    "layer a folder=a/ include=a/ targets=- uses=b libraries=-\nlayer b folder=b/ include=b/ targets=- uses=- libraries=-\n",
    "layer a folder=a/ include=a/ targets=- uses=- libraries=Qt\n",
    "layer a folder=a/ include=a/ targets=- uses=- libraries=- below=b\n",
    "layer a folder=a/ include=a/ targets=- uses=- libraries=-\nlayer b folder=a/ include=b/ targets=- uses=a libraries=-\n",
]


def self_test():
    with tempfile.TemporaryDirectory() as root:
        for path, text in PLANTED_TREE.items():
            os.makedirs(os.path.join(root, os.path.dirname(path)), exist_ok=True)
            with open(os.path.join(root, path), "w", encoding="utf-8") as out:
                out.write(text)
        found = {problem.split(": ")[0] for problem in check(root, layer_file.read())}
    if found != PLANTED_PROBLEMS:
        print(f"self-test: reported {sorted(found)}\n           expected {sorted(PLANTED_PROBLEMS)}", file=sys.stderr)
        return 1
    for text in PLANTED_LAYER_FILES:
        try:
            layer_file.parse(text)
        except ValueError:
            continue
        print(f"self-test: the layer file reader took a wrong file:\n{text}", file=sys.stderr)
        return 1
    print(f"self-test: all {len(PLANTED_PROBLEMS)} planted violations and {len(PLANTED_LAYER_FILES)} "
          "wrong layer files reported, the clean files passed")
    return 0


def main():
    if len(sys.argv) == 2 and sys.argv[1] == "--self-test":
        return self_test()
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    problems = check(sys.argv[1], layer_file.read(os.path.join(sys.argv[1], "layers.txt")))
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"{len(problems)} include(s) break the layers of layers.txt", file=sys.stderr)
        return 1
    print("every include respects the layers")
    return 0


if __name__ == "__main__":
    sys.exit(main())
