"""Reads layers.txt, the one place the layer graph is written (its own header says the format).

Shared by check_layers.py (the includes), check_build_layers.py (the compiler's include roots)
and layers_doc.py (docs/ARCHITECTURE.md's table of layers).
"""
import os
from dataclasses import dataclass, field

LAYER_KEYS = ("folder", "include", "targets", "uses", "libraries")
LIBRARY_KEYS = ("includes", "targets")


@dataclass
class Layer:
    name: str
    folder: str
    include: str  # "" for a program, which nobody includes
    targets: list
    uses: list
    libraries: list


@dataclass
class Library:
    name: str
    includes: list = field(default_factory=list)
    targets: list = field(default_factory=list)


@dataclass
class LayerGraph:
    layers: list  # bottom up, as the file lists them
    libraries: list

    def layer(self, name):
        return next(layer for layer in self.layers if layer.name == name)


def default_path():
    """layers.txt at the top of the source tree this script is in."""
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "layers.txt")


def _fields(words, keys, where):
    values = {}
    for word in words:
        key, equals, value = word.partition("=")
        if not equals or key not in keys or key in values:
            raise ValueError(f"{where}: '{word}' is not one of {', '.join(k + '=' for k in keys)} (once each)")
        values[key] = [] if value == "-" else value.split(",")
    missing = [key for key in keys if key not in values]
    if missing:
        raise ValueError(f"{where}: missing {', '.join(missing)}")
    return values


def _single(values, key, where):
    if len(values[key]) > 1:
        raise ValueError(f"{where}: {key}= takes one value")
    return values[key][0] if values[key] else ""


def parse(text, name="layers.txt"):
    """The graph in text; raises ValueError naming the line of the first mistake."""
    layers, libraries = [], []
    for number, line in enumerate(text.splitlines(), 1):
        words = line.split("#", 1)[0].split()
        if not words:
            continue
        where = f"{name}:{number}"
        if words[0] == "library" and len(words) >= 2:
            values = _fields(words[2:], LIBRARY_KEYS, where)
            libraries.append(Library(words[1], values["includes"], values["targets"]))
        elif words[0] == "layer" and len(words) >= 2:
            values = _fields(words[2:], LAYER_KEYS, where)
            layer = Layer(words[1], _single(values, "folder", where), _single(values, "include", where),
                          values["targets"], values["uses"], values["libraries"])
            _check_layer(layer, layers, libraries, where)
            layers.append(layer)
        else:
            raise ValueError(f"{where}: a line starts with 'layer NAME' or 'library NAME'")
    return LayerGraph(layers, libraries)


def _check_layer(layer, below, libraries, where):
    if not layer.folder.endswith("/") or (layer.include and not layer.include.endswith("/")):
        raise ValueError(f"{where}: folder= and include= end with '/'")
    known = {other.name for other in below}
    if layer.name in known:
        raise ValueError(f"{where}: layer {layer.name} is written twice")
    if any(other.folder == layer.folder for other in below):
        raise ValueError(f"{where}: the folder {layer.folder} is another layer's already")
    for used in layer.uses:
        if used not in known:
            raise ValueError(f"{where}: {layer.name} uses {used}, which is not a layer listed above it")
    library_names = {library.name for library in libraries}
    for library in layer.libraries:
        if library not in library_names:
            raise ValueError(f"{where}: {layer.name} uses library {library}, which no 'library' line names")


def read(path=None):
    path = path or default_path()
    with open(path, encoding="utf-8") as source:
        return parse(source.read(), os.path.basename(path))
