#!/usr/bin/env python3
"""Writes the DocC site's pages as plain HTML that opens from the file system (make docs).

DocC's own site is a JavaScript app: each page loads its content (data/**/*.json, DocC's
"RenderNode" format) with fetch() from paths absolute to the site's root, which a browser
refuses for file://. This reads those same JSON files and writes one static HTML page for each,
with the text in the HTML, links relative to the page, one style sheet and no script:

    python3 scripts/docs-offline.py .build/docs-site .build/docs-offline

The page for /documentation/shoji/button is documentation/shoji/button.html; /documentation (the
landing page listing the modules) is index.html; each module also gets a contents page with its
whole tree (documentation/shoji-contents.html; DocC's paths are lowercase and never hold "-" at
that level). A node kind this script does not know stops it with the page's name, so a new kind
of markup in our docs cannot vanish from the pages unseen.

Python 3's standard library only. scripts/docs-offline-check.py checks the result.
"""

import html
import json
import os
import shutil
import sys
import urllib.parse

STYLE = """\
:root { color-scheme: light dark; --fg: #1d1d1f; --bg: #fff; --muted: #6e6e73; --line: #d2d2d7;
  --code-bg: #f5f5f7; --link: #0066cc; --aside: #f2f6fb; --aside-line: #0066cc; }
@media (prefers-color-scheme: dark) {
  :root { --fg: #f5f5f7; --bg: #1d1d1f; --muted: #a1a1a6; --line: #424245; --code-bg: #2c2c2e;
    --link: #4aa3ff; --aside: #1f2a36; --aside-line: #4aa3ff; } }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif;
  color: var(--fg); background: var(--bg); display: flex; min-height: 100vh; }
a { color: var(--link); text-decoration: none; }
a:hover { text-decoration: underline; }
nav.sidebar { order: -1; width: 19rem; flex: none; border-right: 1px solid var(--line); padding: 1rem;
  font-size: 14px; overflow-wrap: anywhere; }
nav.sidebar ul { list-style: none; padding-left: 0; margin: 0 0 0.5rem; }
nav.sidebar li { margin: 0.15rem 0; }
nav.sidebar li.group { margin-top: 0.8rem; color: var(--muted); font-weight: 600; }
nav.sidebar li.current > a { font-weight: 700; color: var(--fg); }
nav.sidebar .modules a { font-weight: 600; }
main { flex: 1; min-width: 0; max-width: 60rem; padding: 1rem 2rem 4rem; }
.breadcrumbs { font-size: 14px; color: var(--muted); }
.breadcrumbs a { color: var(--muted); }
.eyebrow { color: var(--muted); margin: 1rem 0 0; }
h1 { margin: 0.2rem 0 0.5rem; font-size: 2.2rem; line-height: 1.2; overflow-wrap: anywhere; }
h2 { border-top: 1px solid var(--line); padding-top: 1rem; margin-top: 2rem; }
.content h2 { border-top: none; padding-top: 0; }
.abstract { font-size: 1.2rem; }
code, pre { font-family: ui-monospace, Menlo, "DejaVu Sans Mono", Consolas, monospace;
  font-size: 0.9em; }
code { overflow-wrap: anywhere; }
pre { background: var(--code-bg); padding: 0.75rem 1rem; border-radius: 6px; overflow-x: auto;
  line-height: 1.25; }
pre code { font-size: 14px; overflow-wrap: normal; }
ul.topics { list-style: none; padding-left: 0; }
ul.topics li { margin: 0 0 0.8rem; }
ul.topics .topic-abstract { margin: 0.1rem 0 0 1.5rem; color: var(--muted); }
ul.topics .topic-abstract p { margin: 0; }
.aside { background: var(--aside); border-left: 4px solid var(--aside-line); padding: 0.5rem 1rem;
  margin: 1rem 0; border-radius: 4px; }
.aside-name { font-weight: 700; margin: 0.3rem 0; }
table { border-collapse: collapse; margin: 1rem 0; }
th, td { border: 1px solid var(--line); padding: 0.3rem 0.6rem; vertical-align: top; text-align: left; }
th p, td p { margin: 0; }
dl.parameters dt, dl.terms dt { font-weight: 600; }
dl.parameters dd, dl.terms dd { margin-left: 1.5rem; }
ul.contents ul { padding-left: 1.2rem; }
ul.contents li.group { margin-top: 0.8rem; font-weight: 600; color: var(--muted); list-style: none; }
footer { margin-top: 3rem; color: var(--muted); font-size: 13px; }
@media (max-width: 50rem) { body { display: block; } nav.sidebar { width: auto; border-right: none;
  border-bottom: 1px solid var(--line); } }
"""

# Characters that a path segment may keep as they are in an href; everything else (spaces, %,
# #, ?, non-ASCII) is percent-encoded. DocC's symbol paths hold ( ) : _ and operators.
SAFE = "/()_-.~!$&'*+,;=:@"


class UnknownNode(Exception):
    pass


def esc(text):
    return html.escape(text, quote=True)


def output_path(url_path):
    """The file, relative to the output folder, of the page with DocC's path /documentation/…"""
    parts = url_path.strip("/").split("/")
    if parts == ["documentation"]:
        return "index.html"
    return "/".join(parts) + ".html"


class Site:
    def __init__(self, archive, out):
        self.archive = archive
        self.out = out
        self.pages = {}  # DocC path (/documentation/shoji/button) -> JSON file
        data = os.path.join(archive, "data")
        for folder, _, files in os.walk(data):
            for name in files:
                if name.endswith(".json"):
                    file = os.path.join(folder, name)
                    rel = os.path.relpath(file, data)[: -len(".json")]
                    self.pages["/" + rel.replace(os.sep, "/")] = file
        if "/documentation" not in self.pages:
            sys.exit(f"error: {data} has no documentation.json: is {archive} a DocC archive?")
        with open(os.path.join(archive, "index", "index.json"), encoding="utf-8") as f:
            self.navigator = json.load(f)["interfaceLanguages"]["swift"]
        self.modules = []  # navigator nodes of the modules, in the landing page's order
        for node in self.navigator:
            for child in node.get("children", []):
                if child.get("type") == "module" and child.get("path") in self.pages:
                    self.modules.append(child)
        self.copied_assets = set()

    # Links

    def href(self, from_file, url):
        """A relative href from the page written to from_file to DocC's url (path#fragment)."""
        path, _, fragment = url.partition("#")
        target = output_path(path)
        rel = os.path.relpath(target, os.path.dirname(from_file) or ".").replace(os.sep, "/")
        if not rel.startswith("../"):
            rel = "./" + rel
        rel = urllib.parse.quote(rel, safe=SAFE)
        if fragment:
            rel += "#" + urllib.parse.quote(fragment, safe=SAFE)
        return rel

    def reference_url(self, ref):
        """DocC's url of a reference when this site has its page, else None."""
        url = ref.get("url")
        if not url or ref.get("type") not in ("topic", None):
            return None
        if url.partition("#")[0] not in self.pages:
            return None
        return url

    # Inline content

    def inline(self, nodes, page):
        return "".join(self.inline_node(n, page) for n in nodes or [])

    def inline_node(self, node, page):
        kind = node.get("type")
        if kind == "text":
            return esc(node["text"])
        if kind == "codeVoice":
            return f"<code>{esc(node['code'])}</code>"
        if kind == "emphasis":
            return f"<em>{self.inline(node['inlineContent'], page)}</em>"
        if kind in ("strong", "inlineHead"):
            return f"<strong>{self.inline(node['inlineContent'], page)}</strong>"
        if kind == "newTerm":
            return f"<dfn>{self.inline(node['inlineContent'], page)}</dfn>"
        if kind == "strikethrough":
            return f"<s>{self.inline(node['inlineContent'], page)}</s>"
        if kind in ("superscript", "subscript"):
            tag = "sup" if kind == "superscript" else "sub"
            return f"<{tag}>{self.inline(node['inlineContent'], page)}</{tag}>"
        if kind == "reference":
            return self.reference(node, page)
        if kind == "link":
            title = node.get("title") or node["destination"]
            return f'<a href="{esc(node["destination"])}">{esc(title)}</a>'
        if kind == "image":
            return self.image(node["identifier"], page)
        raise UnknownNode(f"inline node {kind!r}")

    def reference(self, node, page):
        ref = page.refs.get(node["identifier"], {})
        if "overridingTitleInlineContent" in node:
            label = self.inline(node["overridingTitleInlineContent"], page)
        elif node.get("overridingTitle"):
            label = esc(node["overridingTitle"])
        else:
            label = self.title_of(ref, node["identifier"])
        if ref.get("type") == "link":  # an external link written as a reference
            return f'<a href="{esc(ref["url"])}">{label}</a>'
        url = self.reference_url(ref)
        if url is None or node.get("isActive") is False:
            return label
        return f'<a href="{self.href(page.file, url)}">{label}</a>'

    def title_of(self, ref, identifier):
        title = ref.get("title") or identifier.rsplit("/", 1)[-1]
        if ref.get("kind") == "symbol" or ref.get("type") == "unresolvable":
            return f"<code>{esc(title)}</code>"
        return esc(title)

    def image(self, identifier, page):
        ref = page.refs.get(identifier, {})
        variants = ref.get("variants") or []
        if not variants:
            raise UnknownNode(f"image {identifier!r} without a file")
        source = variants[0]["url"]
        local = source.lstrip("/")
        if local not in self.copied_assets:
            os.makedirs(os.path.join(self.out, os.path.dirname(local)), exist_ok=True)
            with open(os.path.join(self.archive, local), "rb") as f, open(os.path.join(self.out, local), "wb") as g:
                g.write(f.read())
            self.copied_assets.add(local)
        rel = os.path.relpath(local, os.path.dirname(page.file) or ".").replace(os.sep, "/")
        alt = ref.get("alt") or ""
        return f'<img src="{urllib.parse.quote(rel, safe=SAFE)}" alt="{esc(alt)}">'

    # Block content

    def blocks(self, nodes, page):
        return "".join(self.block(n, page) for n in nodes or [])

    def block(self, node, page):
        kind = node.get("type")
        if kind == "paragraph":
            return f"<p>{self.inline(node['inlineContent'], page)}</p>\n"
        if kind == "heading":
            level = min(max(int(node.get("level", 2)), 2), 6)
            anchor = f' id="{esc(node["anchor"])}"' if node.get("anchor") else ""
            return f"<h{level}{anchor}>{esc(node['text'])}</h{level}>\n"
        if kind == "codeListing":
            language = f' class="language-{esc(node["syntax"])}"' if node.get("syntax") else ""
            code = "\n".join(node.get("code") or [])
            return f"<pre><code{language}>{esc(code)}</code></pre>\n"
        if kind in ("unorderedList", "orderedList"):
            tag = "ul" if kind == "unorderedList" else "ol"
            start = f' start="{int(node["start"])}"' if kind == "orderedList" and node.get("start") else ""
            items = "".join(f"<li>{self.blocks(item.get('content'), page)}</li>\n" for item in node["items"])
            return f"<{tag}{start}>\n{items}</{tag}>\n"
        if kind == "termList":
            items = "".join(
                f"<dt>{self.inline(item['term']['inlineContent'], page)}</dt>"
                f"<dd>{self.blocks(item['definition']['content'], page)}</dd>\n"
                for item in node["items"]
            )
            return f'<dl class="terms">\n{items}</dl>\n'
        if kind == "table":
            rows = []
            for index, row in enumerate(node["rows"]):
                header_row = index == 0 and node.get("header") in ("row", "both")
                cells = []
                for column, cell in enumerate(row):
                    header = header_row or (column == 0 and node.get("header") in ("column", "both"))
                    tag = "th" if header else "td"
                    cells.append(f"<{tag}>{self.blocks(cell, page)}</{tag}>")
                rows.append("<tr>" + "".join(cells) + "</tr>\n")
            return "<table>\n" + "".join(rows) + "</table>\n"
        if kind == "aside":
            style = node.get("style", "note")
            name = node.get("name") or style.capitalize()
            return (
                f'<div class="aside {esc(style)}"><p class="aside-name">{esc(name)}</p>\n'
                f"{self.blocks(node['content'], page)}</div>\n"
            )
        if kind == "thematicBreak":
            return "<hr>\n"
        if kind == "small":
            return f"<p><small>{self.inline(node['inlineContent'], page)}</small></p>\n"
        raise UnknownNode(f"block node {kind!r}")

    # Page parts

    def declaration(self, section, page):
        out = []
        for declaration in section["declarations"]:
            tokens = []
            for token in declaration["tokens"]:
                text = esc(token["text"])
                ref = page.refs.get(token.get("identifier", ""), {})
                url = self.reference_url(ref) if token.get("identifier") else None
                if url:
                    text = f'<a href="{self.href(page.file, url)}">{text}</a>'
                tokens.append(f'<span class="{esc(token["kind"])}">{text}</span>')
            out.append(f'<pre class="declaration"><code>{"".join(tokens)}</code></pre>\n')
        return "<h2>Declaration</h2>\n" + "".join(out)

    def topic_list(self, identifiers, page):
        items = []
        for identifier in identifiers:
            ref = page.refs.get(identifier, {})
            if ref.get("kind") == "symbol" and ref.get("fragments"):
                label = "<code>" + esc("".join(f["text"] for f in ref["fragments"])) + "</code>"
            else:
                label = self.title_of(ref, identifier)
            url = self.reference_url(ref)
            if url:
                label = f'<a href="{self.href(page.file, url)}">{label}</a>'
            abstract = self.inline(ref.get("abstract"), page)
            if abstract:
                abstract = f'<div class="topic-abstract"><p>{abstract}</p></div>'
            items.append(f"<li>{label}{abstract}</li>\n")
        return '<ul class="topics">\n' + "".join(items) + "</ul>\n"

    def grouped(self, heading, sections, page):
        if not sections:
            return ""
        out = [f"<h2>{heading}</h2>\n"]
        for section in sections:
            if section.get("title"):
                anchor = f' id="{esc(section["anchor"])}"' if section.get("anchor") else ""
                out.append(f"<h3{anchor}>{esc(section['title'])}</h3>\n")
            if section.get("abstract"):
                out.append(f"<p>{self.inline(section['abstract'], page)}</p>\n")
            if section.get("discussion"):
                out.append(self.blocks(section["discussion"].get("content"), page))
            out.append(self.topic_list(section.get("identifiers", []), page))
        return "".join(out)

    def primary(self, section, page):
        kind = section.get("kind")
        if kind == "declarations":
            return self.declaration(section, page)
        if kind == "content":
            return f'<div class="content">\n{self.blocks(section["content"], page)}</div>\n'
        if kind == "parameters":
            items = "".join(
                f"<dt><code>{esc(p['name'])}</code></dt><dd>{self.blocks(p.get('content'), page)}</dd>\n"
                for p in section["parameters"]
            )
            return f'<h2>Parameters</h2>\n<dl class="parameters">\n{items}</dl>\n'
        if kind == "mentions":
            return "<h2>Mentioned in</h2>\n" + self.topic_list(section["mentions"], page)
        raise UnknownNode(f"content section {kind!r}")

    def module_of(self, url_path):
        parts = url_path.strip("/").split("/")
        if len(parts) < 2:
            return None
        for module in self.modules:
            if module["path"] == "/" + "/".join(parts[:2]):
                return module
        return None

    def sidebar(self, page):
        out = ['<nav class="sidebar">\n', f'<p><a href="{self.href(page.file, "/documentation")}">Documentation</a></p>\n']
        out.append('<ul class="modules">\n')
        for module in self.modules:
            out.append(f'<li><a href="{self.href(page.file, module["path"])}">{esc(module["title"])}</a></li>\n')
        out.append("</ul>\n")
        module = self.module_of(page.url)
        if module:
            contents = self.href(page.file, contents_path(module))
            out.append(f'<p><a href="{contents}">All pages of {esc(module["title"])}</a></p>\n<ul>\n')
            for child in module.get("children", []):
                if child.get("type") == "groupMarker":
                    out.append(f'<li class="group">{esc(child["title"])}</li>\n')
                elif child.get("path") in self.pages:
                    current = ' class="current"' if child["path"] == page.url else ""
                    link = self.href(page.file, child["path"])
                    out.append(f'<li{current}><a href="{link}">{esc(child["title"])}</a></li>\n')
            out.append("</ul>\n")
        out.append("</nav>\n")
        return "".join(out)

    def document(self, file, title, body, sidebar):
        depth = file.count("/")
        style = "../" * depth + "style.css" if depth else "./style.css"
        return (
            "<!doctype html>\n"
            '<html lang="en"><head><meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{esc(title)}</title>\n"
            f'<link rel="stylesheet" href="{style}">\n'
            f"</head><body>\n<main>\n{body}"
            "<footer>Generated from the DocC archive by scripts/docs-offline.py.</footer>\n"
            f"</main>\n{sidebar}</body></html>\n"
        )

    def render(self, url):
        with open(self.pages[url], encoding="utf-8") as f:
            data = json.load(f)
        page = Page(url, output_path(url), data.get("references", {}))
        meta = data.get("metadata", {})
        title = meta.get("title", url)
        body = []
        crumbs = []
        for identifier in ((data.get("hierarchy") or {}).get("paths") or [[]])[0]:
            ref = page.refs.get(identifier, {})
            crumb = esc(ref.get("title", identifier.rsplit("/", 1)[-1]))
            link = self.reference_url(ref)
            crumbs.append(f'<a href="{self.href(page.file, link)}">{crumb}</a>' if link else crumb)
        if url != "/documentation":
            crumbs.insert(0, f'<a href="{self.href(page.file, "/documentation")}">Documentation</a>')
            body.append('<p class="breadcrumbs">' + " › ".join(crumbs + [esc(title)]) + "</p>\n")
        if meta.get("roleHeading"):
            body.append(f'<p class="eyebrow">{esc(meta["roleHeading"])}</p>\n')
        body.append(f"<h1>{esc(title)}</h1>\n")
        if data.get("abstract"):
            body.append(f'<p class="abstract">{self.inline(data["abstract"], page)}</p>\n')
        for section in data.get("primaryContentSections", []):
            body.append(self.primary(section, page))
        for section in data.get("sections", []):
            raise UnknownNode(f"section {section.get('kind')!r}")
        body.append(self.grouped("Topics", data.get("topicSections"), page))
        body.append(self.grouped("Relationships", data.get("relationshipsSections"), page))
        body.append(self.grouped("Default Implementations", data.get("defaultImplementationsSections"), page))
        body.append(self.grouped("See Also", data.get("seeAlsoSections"), page))
        return page.file, self.document(page.file, title, "".join(body), self.sidebar(page))

    def contents_page(self, module):
        file = output_path(contents_path(module))
        page = Page(module["path"], file, {})  # the sidebar of its module

        def tree(nodes):
            items = []
            for node in nodes:
                if node.get("type") == "groupMarker":
                    items.append(f'<li class="group">{esc(node["title"])}</li>\n')
                    continue
                label = esc(node["title"])
                if node.get("path") in self.pages:
                    label = f'<a href="{self.href(file, node["path"])}">{label}</a>'
                children = tree(node["children"]) if node.get("children") else ""
                items.append(f"<li>{label}{children}</li>\n")
            return "<ul>\n" + "".join(items) + "</ul>\n"

        top = f'<a href="{self.href(file, module["path"])}">{esc(module["title"])}</a>'
        body = (
            f'<p class="breadcrumbs"><a href="{self.href(file, "/documentation")}">Documentation</a> › {top}</p>\n'
            f'<p class="eyebrow">Contents</p>\n<h1>All pages of {esc(module["title"])}</h1>\n'
            f'<ul class="contents"><li>{top}{tree(module.get("children", []))}</li></ul>\n'
        )
        return file, self.document(file, f"{module['title']}: all pages", body, self.sidebar(page))

    def write(self, file, text):
        path = os.path.join(self.out, file)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)

    def run(self):
        errors = []
        for url in sorted(self.pages):
            try:
                self.write(*self.render(url))
            except UnknownNode as error:
                errors.append(f"{self.pages[url]}: {error}")
        for module in self.modules:
            self.write(*self.contents_page(module))
        self.write("style.css", STYLE)
        if errors:
            for error in errors:
                print(f"error: {error} (teach scripts/docs-offline.py this kind)", file=sys.stderr)
            sys.exit(1)
        return len(self.pages) + len(self.modules)


def contents_path(module):
    return module["path"] + "-contents"


class Page:
    def __init__(self, url, file, refs):
        self.url = url
        self.file = file
        self.refs = refs


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: docs-offline.py DOCC_SITE OUTPUT_FOLDER")
    archive, out = sys.argv[1], sys.argv[2]
    if os.path.isdir(out):  # only ever a folder this script wrote: it holds style.css
        if not os.path.exists(os.path.join(out, "style.css")):
            sys.exit(f"error: {out} exists and is not a folder this script wrote; remove it first")
        shutil.rmtree(out)
    count = Site(archive, out).run()
    print(f"Wrote {count} pages to {out}; open {os.path.join(out, 'index.html')} in a browser")


if __name__ == "__main__":
    main()
