#!/usr/bin/env python3
"""docs/ARCHITECTURE.md's table of layers is made from layers.txt, and its picture draws every layer.

The table sits between the two marker comments below; this writes it, or checks that the one in
the document is the one layers.txt makes and that the picture (the first ``` block) names every
layer's folder.

Usage: layers_doc.py SOURCE_DIR            exits 1, with a diff, if the document and layers.txt differ
       layers_doc.py --write SOURCE_DIR    rewrites the table from layers.txt
       layers_doc.py --self-test           shows that planted differences are reported
"""
import difflib
import os
import sys

import layers as layer_file

DOCUMENT = os.path.join("docs", "ARCHITECTURE.md")
BEGIN = "<!-- layers: made from layers.txt by tests/layering/layers_doc.py --write; a test compares them -->"
END = "<!-- layers: end -->"


def code_list(names):
    return ", ".join(f"`{name}`" for name in names) if names else "none"


def table(graph):
    lines = [
        "| layer | folder | its headers | may include and link, besides itself | outside libraries |",
        "|---|---|---|---|---|",
    ]
    for layer in reversed(graph.layers):
        spelling = f"`{layer.include}...`" if layer.include else "(a program)"
        lines.append(f"| {layer.name} | `{layer.folder}` | {spelling} | {code_list(layer.uses)} | "
                     f"{', '.join(layer.libraries) or 'none'} |")
    return lines


def split(text):
    """The document before the table, the table, and after it; raises if the markers are missing."""
    lines = text.splitlines()
    if BEGIN not in lines or END not in lines:
        raise ValueError(f"{DOCUMENT} lacks the markers {BEGIN} and {END}")
    begin, end = lines.index(BEGIN), lines.index(END)
    return lines[:begin + 1], lines[begin + 1:end], lines[end:]


def picture(lines):
    fences = [number for number, line in enumerate(lines) if line.startswith("```")]
    return "\n".join(lines[fences[0] + 1:fences[1]]) if len(fences) >= 2 else ""


def problems(graph, text):
    """What differs between a document and the layer graph."""
    before, written, _ = split(text)
    found = [f"{DOCUMENT}: the picture does not draw {layer.folder}"
             for layer in graph.layers if layer.folder not in picture(before)]
    made = table(graph)
    if written != made:
        found.append(f"{DOCUMENT}: the table of layers is not the one layers.txt makes "
                     f"(tests/layering/layers_doc.py --write):\n" +
                     "\n".join(difflib.unified_diff(written, made, "document", "layers.txt", lineterm="")))
    return found


def self_test(graph):
    """A document made from the graph passes; one whose picture lacks a layer, or whose table
    has a row changed, does not."""
    pictured = "```\n" + " ".join(layer.folder for layer in graph.layers) + "\n```\n"
    made = "\n".join([BEGIN] + table(graph) + [END]) + "\n"
    undrawn = pictured.replace(graph.layers[0].folder, "") + made
    widened = pictured + made.replace("| none |", "| `common` |", 1)
    if problems(graph, pictured + made) or len(problems(graph, undrawn)) != 1 or len(problems(graph, widened)) != 1:
        print("self-test: the comparison missed a planted difference or reported a clean document", file=sys.stderr)
        return 1
    print("self-test: the clean document passed, the undrawn layer and the wrong table were reported")
    return 0


def main(arguments):
    if arguments == ["--self-test"]:
        return self_test(layer_file.read())
    write = arguments[:1] == ["--write"]
    arguments = arguments[1:] if write else arguments
    if len(arguments) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    graph = layer_file.read(os.path.join(arguments[0], "layers.txt"))
    path = os.path.join(arguments[0], DOCUMENT)
    with open(path, encoding="utf-8") as source:
        text = source.read()
    if write:
        before, _, after = split(text)
        with open(path, "w", encoding="utf-8") as out:
            out.write("\n".join(before + table(graph) + after) + "\n")
        print(f"wrote the table of {len(graph.layers)} layers into {DOCUMENT}")
        return 0
    found = problems(graph, text)
    for problem in found:
        print(problem, file=sys.stderr)
    if found:
        return 1
    print(f"{DOCUMENT} draws and tables the {len(graph.layers)} layers of layers.txt")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
