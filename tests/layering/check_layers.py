#!/usr/bin/env python3
"""The layers of docs/ARCHITECTURE.md, checked from the includes of every product file.

A file may include headers of its own layer and of the layers below it, and only the outside
libraries its layer is allowed: SFML and ImGui only in the window (client/; SFML's audio module
only in client/audio/), Asio only in net/ and the programs, inih only in settings/, SQLite in
store/, and common/ and protocol/ nothing but the standard library. Tests are not product files
and may include anything.

Usage: check_layers.py SOURCE_DIR     prints every violation as file:line, exits 1 if any
       check_layers.py --self-test    builds a small tree with known violations and checks
                                       that each is reported (so this check can fail)
"""
import os
import re
import sys
import tempfile

# Layer of a product file, by the folder it is in (longest prefix first).
FOLDERS = [
    ("protocol/sim/", "sim"),
    ("common/", "common"),
    ("protocol/", "protocol"),
    ("settings/", "settings"),
    ("store/", "store"),
    ("net/", "net"),
    ("server/", "server"),
    ("tools/", "tools"),
    ("client/imgui/", "client/imgui"),
    ("client/text/", "client/text"),
    ("client/table/", "client/table"),
    ("client/sound/", "client/sound"),
    ("client/audio/", "client/audio"),
    ("client/match/", "client/match"),
    ("client/render/", "client/render"),
    ("client/ui/", "client/ui"),
    ("client/app/", "client/app"),
]

# Layer of a quoted include, by how it is spelled.
SPELLINGS = [
    ("speed/common/", "common"),
    ("speed/protocol/", "protocol"),
    ("speed/sim/", "sim"),
    ("speed/settings/", "settings"),
    ("speed/store/", "store"),
    ("speed/net/", "net"),
    ("speed/imgui/", "client/imgui"),
    ("text/", "client/text"),
    ("table/", "client/table"),
    ("sound/", "client/sound"),
    ("audio/", "client/audio"),
    ("match/", "client/match"),
    ("render/", "client/render"),
    ("ui/", "client/ui"),
    ("app/", "client/app"),
]

# What each layer may include, besides itself.
BELOW = {
    "common": set(),
    "protocol": {"common"},
    "sim": {"protocol", "common"},
    "settings": {"common"},
    "store": {"protocol", "common"},
    "net": {"protocol", "common"},
    "server": {"net", "settings", "store", "sim", "protocol", "common"},
    "tools": {"net", "settings", "store", "sim", "protocol", "common"},
    "client/imgui": set(),
    "client/text": set(),
    "client/table": {"client/text", "common"},
    "client/sound": {"common"},
    "client/audio": {"client/sound", "common"},
    "client/match": {"client/text", "client/table", "net", "settings", "store", "protocol", "common"},
    "client/render": {"client/text", "client/match", "client/table", "protocol", "common"},
    "client/ui": {"client/text", "client/imgui", "client/match", "client/table", "net", "settings", "store", "protocol",
                  "common"},
    "client/app": {"client/text", "client/ui", "client/render", "client/imgui", "client/match", "client/table", "client/audio",
                   "client/sound", "net", "settings", "store", "protocol", "common"},
}

# Outside libraries (angle includes) and the layers that may use them; anything not listed here
# is the C or C++ standard library (or the operating system's, below).
LIBRARIES = [
    (re.compile(r"^SFML/"), "SFML", {"client/imgui", "client/render", "client/ui", "client/audio", "client/app"}),
    (re.compile(r"^SFML/Audio"), "SFML's audio module", {"client/audio"}),
    (re.compile(r"^(imgui|backends/imgui)"), "Dear ImGui", {"client/imgui", "client/ui"}),
    (re.compile(r"^asio"), "Asio", {"net", "server", "tools", "client/match", "client/app"}),
    (re.compile(r"^ini\.h$"), "inih", {"settings"}),
    (re.compile(r"^X11/"), "Xlib", {"client/app"}),
    (re.compile(r"^(spdlog|fmt)/"), "spdlog/fmt", {"net", "settings", "server", "tools", "client/imgui", "client/text", "client/table",
                                                   "client/match", "client/render", "client/ui", "client/audio",
                                                   "client/app"}),
    (re.compile(r"^nlohmann/"), "nlohmann-json", {"net", "server", "tools", "client/match", "client/app"}),
    (re.compile(r"^CLI/"), "CLI11", {"server", "tools", "client/app"}),
    (re.compile(r"^sodium"), "libsodium", {"protocol", "net"}),
    (re.compile(r"^isa-l/"), "ISA-L", {"protocol"}),
    (re.compile(r"^sqlite3"), "SQLite", {"store", "client/match", "client/app"}),
    # The window's loop (client/app) polls the display's connection, a socket to the X server.
    (re.compile(r"^(poll\.h|netinet/|arpa/)"), "POSIX sockets", {"net", "tools", "client/app"}),
    # Files, folders and fsync (sys/stat.h, unistd.h): the store's, and the sockets' in net/,
    # tools/ and the window's loop.
    (re.compile(r"^(sys/|unistd\.h)"), "POSIX files", {"net", "tools", "store", "client/app"}),
]

INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')
SOURCES = (".cpp", ".hpp", ".h", ".c")


def layer_of_file(path):
    for prefix, layer in FOLDERS:
        if path.startswith(prefix):
            return layer
    return None


def layer_of_spelling(spelling):
    for prefix, layer in SPELLINGS:
        if spelling.startswith(prefix):
            return layer
    return None


def problems_in(path, layer, text):
    for number, line in enumerate(text.splitlines(), 1):
        match = INCLUDE.match(line)
        if not match:
            continue
        quoted, spelling = match.group(1) == '"', match.group(2)
        if quoted:
            target = layer_of_spelling(spelling)
            if target is None:
                if "/" in spelling:
                    yield number, f'"{spelling}" names no layer (write speed/<layer>/... or a client folder)'
                continue  # a private header beside the file: its own layer
            if target != layer and target not in BELOW[layer]:
                yield number, f'"{spelling}" is in layer {target}, which {layer} must not include'
            continue
        for pattern, library, allowed in LIBRARIES:
            if pattern.search(spelling) and layer not in allowed:
                yield number, f"<{spelling}>: {library} is not for layer {layer}"


def check(root):
    problems = []
    for folder, _, files in os.walk(root):
        relative_folder = os.path.relpath(folder, root)
        if relative_folder.split(os.sep)[0] in ("build", "tests", ".git"):
            continue
        for name in files:
            if not name.endswith(SOURCES):
                continue
            path = os.path.normpath(os.path.join(relative_folder, name)).replace(os.sep, "/")
            layer = layer_of_file(path)
            if layer is None:
                problems.append(f"{path}: a source file outside every layer")
                continue
            with open(os.path.join(root, path), encoding="utf-8") as source:
                for number, problem in problems_in(path, layer, source.read()):
                    problems.append(f"{path}:{number}: {problem}")
    return problems


def self_test():
    tree = {
        "common/src/Bad.cpp": '#include "speed/protocol/Message.hpp"\n#include <spdlog/spdlog.h>\n',
        "protocol/src/Bad.cpp": "#include <asio/ip/udp.hpp>\n",
        "net/src/Bad.cpp": '#include "speed/settings/Settings.hpp"\n#include <SFML/Graphics.hpp>\n',
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
    expected = {
        "common/src/Bad.cpp:1", "common/src/Bad.cpp:2", "protocol/src/Bad.cpp:1", "net/src/Bad.cpp:1",
        "net/src/Bad.cpp:2", "client/table/Bad.cpp:1", "client/table/Bad.cpp:2", "client/ui/Bad.cpp:1", "client/ui/Bad.cpp:2",
        "client/render/Bad.cpp:1", "client/sound/Bad.cpp:1", "client/sound/Bad.cpp:2", "store/src/Bad.cpp:1", "store/src/Bad.cpp:2", "net/src/AlsoBad.cpp:1",
        "net/src/AlsoBad.cpp:2", "stray/Lost.cpp",
    }
    with tempfile.TemporaryDirectory() as root:
        for path, text in tree.items():
            os.makedirs(os.path.join(root, os.path.dirname(path)), exist_ok=True)
            with open(os.path.join(root, path), "w", encoding="utf-8") as out:
                out.write(text)
        found = {problem.split(": ")[0] for problem in check(root)}
    if found != expected:
        print(f"self-test: reported {sorted(found)}\n           expected {sorted(expected)}", file=sys.stderr)
        return 1
    print(f"self-test: all {len(expected)} planted violations reported, the clean file passed")
    return 0


def main():
    if len(sys.argv) == 2 and sys.argv[1] == "--self-test":
        return self_test()
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    problems = check(sys.argv[1])
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"{len(problems)} include(s) break the layers of docs/ARCHITECTURE.md", file=sys.stderr)
        return 1
    print("every include respects the layers")
    return 0


if __name__ == "__main__":
    sys.exit(main())
