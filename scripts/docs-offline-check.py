#!/usr/bin/env python3
"""Checks that the offline documentation opens from the file system (make docs-check, make test).

    python3 scripts/docs-offline-check.py .build/docs-site .build/docs-offline

Fails unless:
- every page of DocC's site (data/**/*.json) has its HTML page, and that page holds, as HTML
  text, the page's title and every piece of text of its abstract and content (paragraphs, code
  voice, headings, code listings: the pictures), so no page needs a script to show its text;
- no page has a script (no <script>, no on… attribute, no fetch());
- every link and asset reference of every page is either an http(s)/mailto link (links only) or
  relative, and resolves to a file of the folder, and its #fragment to an id in that file;
- a text browser (w3m, or lynx), opening pages by file:// URL, shows the landing page's modules
  and each sampled page's title and abstract (the page the landing page's first link leads to,
  the articles and module pages, and one page in about 60).
"""

import html.parser
import json
import os
import re
import shutil
import subprocess
import sys
import urllib.parse


def normalise(text):
    return re.sub(r"\s+", " ", text).strip()


def output_path(url_path):
    parts = url_path.strip("/").split("/")
    return "index.html" if parts == ["documentation"] else "/".join(parts) + ".html"


class PageParser(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.text = []
        self.ids = set()
        self.references = []  # (tag, attribute, value)
        self.problems = []
        self.stylesheets = 0

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "script":
            self.problems.append("has a <script>")
        for name, value in attrs:
            if name.startswith("on"):
                self.problems.append(f"has an inline script ({name})")
            if name == "id" and value:
                self.ids.add(value)
            if name in ("href", "src") and value is not None:
                self.references.append((tag, name, value))
            if name == "srcset" and value:
                for candidate in value.split(","):
                    self.references.append((tag, name, candidate.strip().split(" ")[0]))
        if tag == "link" and attributes.get("rel") == "stylesheet":
            self.stylesheets += 1

    def handle_data(self, data):
        self.text.append(data)


def pieces(node, found, references=None):
    """The text DocC's render JSON shows for a node: text, code voice, headings, listing lines,
    and (given the page's `references`) the titles of the links inside a run of text."""
    if isinstance(node, dict):
        kind = node.get("type")
        if kind == "reference" and references is not None:
            title = references.get(node.get("identifier"), {}).get("title")
            if title:
                found.append(title)
        elif kind == "text":
            found.append(node["text"])
        elif kind == "codeVoice":
            found.append(node["code"])
        elif kind == "heading":
            found.append(node["text"])
        elif kind == "codeListing":
            found.extend(node.get("code") or [])
        for key, value in node.items():
            if key != "references":
                pieces(value, found, references)
    elif isinstance(node, list):
        for item in node:
            pieces(item, found, references)


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: docs-offline-check.py DOCC_SITE OFFLINE_FOLDER")
    site, out = (os.path.abspath(p) for p in sys.argv[1:])
    failures = []

    parsed = {}
    for folder, _, files in os.walk(out):
        for name in files:
            if name.endswith(".html"):
                path = os.path.join(folder, name)
                parser = PageParser()
                with open(path, encoding="utf-8") as f:
                    source = f.read()
                parser.feed(source)
                if "fetch(" in source:
                    parser.problems.append("calls fetch()")
                parsed[os.path.relpath(path, out)] = parser

    # Every page of the site, with its text in the HTML.
    data = os.path.join(site, "data")
    pages = 0
    for folder, _, files in os.walk(data):
        for name in files:
            if not name.endswith(".json"):
                continue
            pages += 1
            rel = os.path.relpath(os.path.join(folder, name), data)[: -len(".json")]
            file = output_path("/" + rel.replace(os.sep, "/"))
            if file not in parsed:
                failures.append(f"{file}: missing (the page of data/{rel}.json)")
                continue
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                page = json.load(f)
            text = normalise("".join(parsed[file].text))
            found = [page.get("metadata", {}).get("title", "")]
            pieces(page.get("abstract"), found)
            pieces(page.get("primaryContentSections"), found)
            for piece in found:
                if normalise(piece) and normalise(piece) not in text:
                    failures.append(f"{file}: does not show {normalise(piece)[:80]!r}")
                    break

    # No script, and every reference relative and resolving.
    links = 0
    for file, parser in sorted(parsed.items()):
        for problem in parser.problems:
            failures.append(f"{file}: {problem}")
        if parser.stylesheets != 1:
            failures.append(f"{file}: {parser.stylesheets} style sheets, expected 1")
        if not normalise("".join(parser.text)):
            failures.append(f"{file}: no text")
        for tag, attribute, value in parser.references:
            links += 1
            url = urllib.parse.urlsplit(value)
            where = f"{file}: <{tag} {attribute}={value!r}>"
            if url.scheme or url.netloc:
                if tag == "a" and url.scheme in ("http", "https", "mailto"):
                    continue
                failures.append(f"{where} is not a relative reference")
                continue
            if url.path.startswith("/"):
                failures.append(f"{where} is absolute (from the root of the disk under file://)")
                continue
            if url.path:
                target = os.path.normpath(os.path.join(os.path.dirname(file), urllib.parse.unquote(url.path)))
            else:
                target = file
            if target.startswith(".."):
                failures.append(f"{where} leads out of the folder")
            elif not os.path.isfile(os.path.join(out, target)):
                failures.append(f"{where} leads to no file ({target})")
            elif url.fragment and target in parsed:
                if urllib.parse.unquote(url.fragment) not in parsed[target].ids:
                    failures.append(f"{where}: {target} has no id {url.fragment!r}")

    if pages == 0:
        failures.append(f"{data} holds no page")

    # A browser, by file:// URL.
    browser = shutil.which("w3m") or shutil.which("lynx")
    opened = 0
    if not browser:
        failures.append("no text browser (w3m or lynx) to open the pages from file://")
    else:

        def show(path):
            command = [browser, "-dump", "-cols", "200"] if browser.endswith("w3m") else [browser, "-dump", "-width=200", "-nolist"]
            url = "file://" + urllib.parse.quote(os.path.join(out, path))
            result = subprocess.run(command + [url], capture_output=True, text=True, timeout=30)
            return normalise(result.stdout)

        landing = show("index.html")
        for module in ("Shoji", "ShojiTesting"):
            if module not in landing:
                failures.append(f"{browser} shows no {module} on index.html: {landing[:200]!r}")
        first = next((v for t, a, v in parsed["index.html"].references if t == "a" and "documentation/" in v), None)
        samples = sorted(f for f in parsed if f.count("/") == 1 and not f.endswith("-contents.html"))
        samples += sorted(parsed)[:: max(1, len(parsed) // 25)]
        if first:
            samples.insert(0, os.path.normpath(urllib.parse.unquote(first)))
        for path in samples:
            if not path.endswith(".html") or path.endswith("-contents.html"):
                continue
            json_path = os.path.join(data, path[: -len(".html")] + ".json") if path != "index.html" else None
            if not json_path or not os.path.isfile(json_path):
                continue
            with open(json_path, encoding="utf-8") as f:
                page = json.load(f)
            shown = show(path)
            opened += 1
            wanted = [page.get("metadata", {}).get("title", "")]
            abstract = []
            # The abstract read as one run, links by their titles, as the browser shows it.
            pieces(page.get("abstract"), abstract, page.get("references", {}))
            wanted.append("".join(abstract))
            for piece in wanted:
                # w3m may break a long line: compare without any whitespace
                if re.sub(r"\s", "", piece) not in re.sub(r"\s", "", shown):
                    failures.append(f"{browser} does not show {normalise(piece)[:60]!r} on file://…/{path}")

    for failure in failures[:40]:
        print("error:", failure, file=sys.stderr)
    if len(failures) > 40:
        print(f"error: … and {len(failures) - 40} more", file=sys.stderr)
    print(
        f"docs-offline-check: {len(parsed)} pages, {links} links and assets, "
        f"{opened} pages opened with {os.path.basename(browser or 'no browser')}: "
        + ("ok" if not failures else f"{len(failures)} problems")
    )
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
