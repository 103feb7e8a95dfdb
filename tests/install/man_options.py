#!/usr/bin/env python3
"""man_options.py HELP_FILE MAN_PAGE: the options a program's --help prints (CLI11's "Options:"
section) and those its manual page's OPTIONS section names (the tags after .TP) are the same.
Prints the differences and exits 1 when they are not. --self-test: shows it catches a missing
and an extra option."""
import re
import sys

OPTION = re.compile(r"(?<![\w-])(--?[a-z][a-z0-9-]*)")


def help_options(text):
    """Every option --help lists: the lines of its Options section that start with a dash."""
    options = set()
    inside = False
    for line in text.splitlines():
        if re.match(r"^\S.*:$", line):
            inside = line == "Options:"
            continue
        match = re.match(r"^ {2}(-\S+)", line) if inside else None
        if match:
            # "-h,--help" is two names; "--level TEXT:{...}" is one.
            options.update(OPTION.findall(match.group(1)))
    return options


def plain(troff):
    """A troff line without its font changes and escaped dashes."""
    return re.sub(r"\\f[BIRP]|\\f\(..|\\&", "", troff).replace("\\-", "-")


def man_options(text):
    """Every option the OPTIONS section tags: the line after each .TP (or .TQ)."""
    options = set()
    inside = False
    tag_next = False
    for line in text.splitlines():
        if line.startswith(".SH"):
            inside = line.split(None, 1)[1].strip().strip('"') == "OPTIONS"
            continue
        if not inside:
            continue
        if line.startswith((".TP", ".TQ")):
            tag_next = True
            continue
        if tag_next:
            # ".B \-\-json" or "\fB\-\-port\fR \fIPORT\fR": the names, not the argument.
            options.update(OPTION.findall(plain(re.sub(r"^\.[BI]R?\s+", "", line))))
            tag_next = False
    return options


def compare(help_text, man_text):
    """The differences, in words (empty: none)."""
    wanted, listed = help_options(help_text), man_options(man_text)
    problems = []
    if not wanted:
        problems.append("--help listed no options")
    for option in sorted(wanted - listed):
        problems.append(f"{option}: in --help, not in the manual page's OPTIONS")
    for option in sorted(listed - wanted):
        problems.append(f"{option}: in the manual page's OPTIONS, not in --help")
    return problems


def self_test():
    help_text = ("prog: does things\nUsage: prog [OPTIONS]\n\nOptions:\n"
                 "  -h,--help                   Print this help message and exit\n"
                 "  --port INT:INT in [1 - 65535]\n                              the port\n"
                 "  --json                      print JSON\n")
    page = (".SH OPTIONS\n.TP\n.BR \\-h \", \" \\-\\-help\nhelp\n.TP\n\\fB\\-\\-port\\fR \\fIPORT\\fR\n"
            "port, not \\-\\-json\n.TP\n.B \\-\\-json\nJSON\n.SH EXIT STATUS\n.TP\n.B \\-\\-other\n")
    assert compare(help_text, page) == [], compare(help_text, page)
    missing = page.replace(".TP\n.B \\-\\-json\nJSON\n", "")
    assert compare(help_text, missing) == ["--json: in --help, not in the manual page's OPTIONS"]
    extra = page.replace(".SH EXIT STATUS", ".TP\n.B \\-\\-gone\ngone\n.SH EXIT STATUS")
    assert compare(help_text, extra) == ["--gone: in the manual page's OPTIONS, not in --help"]
    print("man_options: the self-test's planted differences are reported")
    return 0


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    with open(argv[1], encoding="utf-8") as help_file, open(argv[2], encoding="utf-8") as page:
        problems = compare(help_file.read(), page.read())
    for problem in problems:
        print(f"{argv[2]}: {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
