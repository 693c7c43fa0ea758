#!/usr/bin/env python3
"""DECISIONS.md's numbered entries, its index, and the references to it.

Every top-level bullet of DECISIONS.md is an entry with a number of its own ("**D12.**"), kept
for good: a new entry takes the next free number wherever it goes, so "DECISIONS.md, D12" in a
comment stays right when entries are added or moved. The index at the top lists the sections
and, under each, its entries by number and first words.

    python3 scripts/decisions.py          check: every entry numbered (once), the index as the
                                          entries say, every reference in the repository's
                                          tracked files resolving (exit 1 and a line a problem)
    python3 scripts/decisions.py --write  number the entries that have no number yet and write
                                          the index again, then check

A reference is "DECISIONS.md, <Section>" (a section's heading, or two joined by " and "), or
"DECISIONS.md, D<n>" (an entry), possibly broken over a comment's lines.
"""
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DECISIONS = ROOT / "DECISIONS.md"
INDEX_START = "<!-- index: written by scripts/decisions.py --write; do not edit by hand -->"
INDEX_END = "<!-- end of index -->"
ENTRY = re.compile(r"^- \*\*D(\d+)\.\*\* ")


def split(text):
    """The head (title and intro), the index block (if any) and the body (the sections)."""
    if INDEX_START in text:
        head, rest = text.split(INDEX_START, 1)
        _, body = rest.split(INDEX_END, 1)
        return head.rstrip("\n") + "\n", body.lstrip("\n")
    first = text.index("\n## ")
    return text[: first + 1], text[first + 1:]


def sections(body):
    """[(heading, [(number or None, first line index)])] and the body's lines."""
    lines = body.split("\n")
    result = []
    for index, line in enumerate(lines):
        if line.startswith("## "):
            result.append((line[3:].strip(), []))
        elif line.startswith("- ") and result:
            match = ENTRY.match(line)
            result[-1][1].append((int(match.group(1)) if match else None, index))
    return result, lines


def summary(lines, start):
    """The entry's first words: up to 70 characters, cut at a word, markup dropped."""
    text = lines[start][2:]
    follow = start + 1
    while follow < len(lines) and lines[follow].startswith("  ") and len(text) < 120:
        text += " " + lines[follow].strip()
        follow += 1
    text = re.sub(r"^\*\*D\d+\.\*\* ", "", text)
    text = text.replace("`", "").replace("**", "")
    if len(text) > 70:
        text = text[:70].rsplit(" ", 1)[0] + "…"
    return text


def anchor(heading):
    return re.sub(r"[^a-z0-9 -]", "", heading.lower()).replace(" ", "-")


def index_text(found, lines):
    out = [INDEX_START, "", "## Index", ""]
    for heading, entries in found:
        numbers = ", ".join(f"D{n}" for n, _ in entries)
        out.append(f"- [{heading}](#{anchor(heading)}) ({len(entries)} entries: {numbers})")
    out.append("")
    for heading, entries in found:
        out.append(f"### {heading}")
        for number, start in entries:
            out.append(f"- D{number}: {summary(lines, start)}")
        out.append("")
    out.append(INDEX_END)
    return "\n".join(out) + "\n\n"


def references():
    """(file, line, target) for every reference in the tracked files but DECISIONS.md and this
    script (whose own text describes the reference's form)."""
    files = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split("\n")
    found = []
    pattern = re.compile(r"DECISIONS\.md,\s*((?:///|//|#)?\s*)*([^).;:]+)")
    for name in files:
        if not name or name in ("DECISIONS.md", "scripts/decisions.py"):
            continue
        path = ROOT / name
        if path.suffix not in {".swift", ".py", ".sh", ".md", ".c", ".h", ""} and path.name != "Makefile":
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, IsADirectoryError, FileNotFoundError):
            continue
        # Comments broken over lines: join each line to the next without its comment marker.
        joined = re.sub(r"\n\s*(///|//|#)\s*", " ", text)
        for match in pattern.finditer(joined):
            target = match.group(2).strip().strip('"').strip()
            line = text[: text.find("DECISIONS.md,", max(0, match.start() - 5))].count("\n") + 1
            found.append((name, line, target))
    return found


def resolves(target, headings, numbers):
    if target in headings:
        return True
    entry = re.fullmatch(r"D(\d+)", target)
    if entry:
        return int(entry.group(1)) in numbers
    parts = [part.strip().strip('"') for part in re.split(r",| and ", target)]
    # "Output and Terminal": each part a heading (a heading such as "Cells and text" matched whole above).
    return all(part in headings for part in parts if part)


def main():
    write = "--write" in sys.argv
    text = DECISIONS.read_text(encoding="utf-8")
    head, body = split(text)
    found, lines = sections(body)
    if write:
        used = {n for _, entries in found for n, _ in entries if n is not None}
        next_number = max(used, default=0) + 1
        for _, entries in found:
            for position, (number, start) in enumerate(entries):
                if number is None:
                    lines[start] = f"- **D{next_number}.** " + lines[start][2:]
                    entries[position] = (next_number, start)
                    next_number += 1
        body = "\n".join(lines)
        DECISIONS.write_text(head.rstrip("\n") + "\n\n" + index_text(found, lines) + body, encoding="utf-8")
        text = DECISIONS.read_text(encoding="utf-8")
        head, body = split(text)
        found, lines = sections(body)
    problems = []
    numbers = [n for _, entries in found for n, _ in entries]
    for heading, entries in found:
        for number, start in entries:
            if number is None:
                problems.append(f"DECISIONS.md: an entry of {heading} has no number: {lines[start][:60]}")
    duplicated = sorted({n for n in numbers if n is not None and numbers.count(n) > 1})
    if duplicated:
        problems.append(f"DECISIONS.md: entries numbered twice: {duplicated}")
    if not problems and index_text(found, lines) not in text:
        problems.append("DECISIONS.md: the index is not the entries' (python3 scripts/decisions.py --write)")
    headings = {heading for heading, _ in found}
    for name, line, target in references():
        if not resolves(target, headings, set(numbers)):
            problems.append(f"{name}:{line}: DECISIONS.md has no section or entry \"{target}\"")
    for problem in problems:
        print(problem)
    if problems:
        sys.exit(1)
    print(f"DECISIONS.md: {len(numbers)} entries in {len(found)} sections, indexed; references resolve")


if __name__ == "__main__":
    main()
