#!/usr/bin/env python3
"""Writes benchmark corpora for `make bench` (python3 standard library only; output is deterministic).

  generate.py --articles N --snippets M OUT
      N articles (front matter `title`, `date`) with M small Swift snippets each, between paragraphs of prose.
      Snippets vary (values, prints, a struct, a loop, string formatting, collections); each compiles given the
      earlier ones in its article, so concatenating snippets 1..k of an article gives a valid main.swift.
      Also writes OUT/site.yml.

  generate.py --corpus N --snippets M OUT
      N articles of M blocks each (40 x 26 gives the 1,040-block corpus of `make bench`): mostly ordinary blocks
      (the snippets above, values checked with `// =>`, every other article importing Foundation), and in every
      article one `compile-fail` block, one `crash` block and one error marked in a comment (expected failures);
      every 5th article has a block that fails to compile and every 7th one that traps (real failures, so
      `docent test` exits 1 on it, every time). Also writes OUT/site.yml.

  generate.py --prose-pages N OUT
      N prose-only pages (~12 KB each: headings, paragraphs, lists, emphasis, links, ```text blocks), twice:
      OUT/docent/ is a Docent content folder, OUT/hugo/ a minimal Hugo site (hugo.toml, layouts rendering .Content).
"""
import argparse
import os
import random
import shutil

WORDS = ("swift value struct protocol closure array dictionary optional generic compiler module package test "
         "build render page article snippet reader example result output string format loop index range "
         "collection sequence map filter reduce type method property initializer error throw async task actor "
         "memory copy reference enum case switch pattern binding scope function parameter label default").split()


def sentence(rng, words=None):
    """One sentence of 8-18 words, sometimes with *emphasis*, **strong**, `code` or a link."""
    count = words or rng.randint(8, 18)
    parts = [rng.choice(WORDS) for _ in range(count)]
    decoration = rng.random()
    at = rng.randrange(count)
    if decoration < 0.15:
        parts[at] = f"*{parts[at]}*"
    elif decoration < 0.25:
        parts[at] = f"**{parts[at]}**"
    elif decoration < 0.35:
        parts[at] = f"`{parts[at]}()`"
    elif decoration < 0.42:
        parts[at] = f"[{parts[at]}](https://example.org/{parts[at]})"
    parts[0] = parts[0].capitalize()
    return " ".join(parts) + "."


def paragraph(rng, sentences=None):
    return " ".join(sentence(rng) for _ in range(sentences or rng.randint(3, 6)))


def snippet(article, index, previous):
    """The Swift code of snippet `index` (0-based) of `article`, and the name of an Int it leaves for the next one.

    `previous` is the Int the snippet before left (None for the first). Names carry the index, so no snippet
    redeclares an earlier one and snippets 1..k always concatenate into a program that compiles.
    """
    seed = article * 31 + index * 7 + 3
    kind = index % 6 if index else 0
    base = previous or str(seed)
    k = index
    if kind == 0:
        return (f"let start{k} = {seed}\n"
                f"var total{k} = start{k} * 2 + {base if previous else 1}\n"
                f"total{k} += {k + 1}\n"
                f"print(\"total{k} is \\(total{k})\")\n", f"total{k}")
    if kind == 1:
        return (f"struct Point{k}: CustomStringConvertible {{\n"
                f"    var x: Int\n"
                f"    var y: Int\n"
                f"    var sum: Int {{ x + y }}\n"
                f"    var description: String {{ \"(\\(x), \\(y))\" }}\n"
                f"}}\n"
                f"let point{k} = Point{k}(x: {base}, y: {seed % 17})\n"
                f"print(point{k}, point{k}.sum)\n", f"point{k}.sum")
    if kind == 2:
        return (f"var squares{k}: [Int] = []\n"
                f"for n in 1...{5 + k % 7} {{\n"
                f"    squares{k}.append(n * n + {base} % 10)\n"
                f"}}\n"
                f"let sum{k} = squares{k}.reduce(0, +)\n"
                f"print(squares{k}, sum{k})\n", f"sum{k}")
    if kind == 3:
        return (f"let name{k} = \"item-{article}-{k}\"\n"
                f"let padded{k} = String(repeating: \" \", count: max(0, 16 - name{k}.count)) + name{k}\n"
                f"let line{k} = \"\\(padded{k}) | \\({base}) | \\(name{k}.uppercased())\"\n"
                f"print(line{k})\n", f"line{k}.count")
    if kind == 4:
        return (f"let scores{k} = [\"a\": {base} % 100, \"b\": {seed % 50}, \"c\": {k}]\n"
                f"let best{k} = scores{k}.max {{ $0.value < $1.value }}!\n"
                f"let evens{k} = (1...20).filter {{ $0 % 2 == 0 }}.map {{ $0 * {k + 1} }}\n"
                f"print(best{k}.key, evens{k}.count)\n", f"best{k}.value")
    return (f"enum Level{k}: Int {{ case low = 1, medium, high }}\n"
            f"let level{k} = Level{k}(rawValue: {base} % 3 + 1) ?? .low\n"
            f"var message{k} = \"\"\n"
            f"switch level{k} {{\n"
            f"case .low: message{k} = \"low\"\n"
            f"case .medium: message{k} = \"medium\"\n"
            f"case .high: message{k} = \"high\"\n"
            f"}}\n"
            f"print(message{k}, level{k}.rawValue)\n", f"level{k}.rawValue")


def fresh(out):
    if os.path.exists(out):
        shutil.rmtree(out)
    os.makedirs(out)


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as file:
        file.write(text)


def articles(count, snippets, out):
    fresh(out)
    write(os.path.join(out, "site.yml"), "title: Generated benchmark corpus\nbase-url: https://bench.example.org/\n")
    for article in range(count):
        rng = random.Random(article)
        lines = ["---", f"title: Generated article {article + 1}",
                 f"date: 2026-01-{article % 28 + 1:02d}", "---", "", paragraph(rng), ""]
        previous = None
        for index in range(snippets):
            if index and index % 3 == 0:
                lines += [f"## Part {index // 3 + 1}", ""]
            code, previous = snippet(article, index, previous)
            lines += ["```swift", code.rstrip("\n"), "```", "", paragraph(rng, 2), ""]
        write(os.path.join(out, f"article-{article + 1:03d}.md"), "\n".join(lines))


def corpus_block(article, index, previous, foundation):
    """Block `index` (0 based) of corpus article `article`: its info string, its code and the Int it leaves.

    The ordinary blocks continue `snippet`'s chain; the others declare only names of their own, so excluding
    them (a real compile failure) or a trap in them changes nothing a later block reads.
    """
    k, seed = index, article * 131 + index * 17 + 5
    if index == 4:
        return ("swift compile-fail=\"cannot assign to value\"",
                f"let fixed{k} = {seed}\nfixed{k} = {seed + 1}\n", previous)
    if index == 9:
        return ("swift crash", f"let empty{k}: [Int] = []\nlet first{k} = empty{k}[{k}]\n", previous)
    if index == 13:
        return ("swift", f"let name{k} = \"article {article}\"\n"
                         f"name{k} = \"changed\" // Error: cannot assign to value: 'name{k}' is a 'let' constant\n",
                previous)
    if index == 17 and article % 5 == 2:
        return ("swift", f"let broken{k}: Int = \"{seed}\"\nprint(broken{k})\n", previous)
    if index == 21 and article % 7 == 3:
        return ("swift", f"let values{k} = [{seed}, {seed + 1}]\nlet index{k} = values{k}.count + {k}\n"
                         f"print(values{k}[index{k}])\n", previous)
    if index % 4 == 3:
        if foundation:
            return ("swift", f"let ratio{k} = Double({seed}) / 8\n"
                             f"let text{k} = String(format: \"%.3f\", ratio{k}) // => \"{seed / 8:.3f}\"\n"
                             f"let words{k} = \"alpha beta gamma {k}\".components(separatedBy: \" \")\n"
                             f"print(words{k}.count) // Prints \"4\"\n", previous)
        return ("swift", f"let doubled{k} = {seed} * 2 // => {seed * 2}\n"
                         f"let label{k} = \"n\\(doubled{k})\" // => \"n{seed * 2}\"\n", previous)
    code, left = snippet(article, index, previous)
    return ("swift", code, left)


def corpus(count, blocks, out):
    fresh(out)
    write(os.path.join(out, "site.yml"), "title: Generated 1,000-block corpus\nbase-url: https://bench.example.org/\n")
    for article in range(count):
        rng = random.Random(20_000 + article)
        foundation = article % 2 == 0
        lines = ["---", f"title: Corpus article {article + 1}",
                 f"date: 2026-03-{article % 28 + 1:02d}", "---", "", paragraph(rng), ""]
        if foundation:
            lines += ["```swift", "import Foundation", "```", ""]
        previous = None
        for index in range(blocks - (1 if foundation else 0)):
            if index and index % 5 == 0:
                lines += [f"## Part {index // 5 + 1}", ""]
            info, code, previous = corpus_block(article, index, previous, foundation)
            lines += [f"```{info}", code.rstrip("\n"), "```", "", paragraph(rng, 1), ""]
        write(os.path.join(out, f"corpus-{article + 1:03d}.md"), "\n".join(lines))


def prose_body(rng, target=12_000):
    """Markdown of about `target` bytes: sections with paragraphs, lists and ```text blocks."""
    parts = []
    section = 0
    while sum(len(part) + 2 for part in parts) < target:
        section += 1
        parts.append(f"## Section {section}: {sentence(rng, 4)[:-1]}")
        parts.append(paragraph(rng))
        choice = section % 3
        if choice == 0:
            parts.append("\n".join(f"- {sentence(rng)}" for _ in range(rng.randint(3, 5))))
        elif choice == 1:
            parts.append("\n".join(f"{n}. {sentence(rng)}" for n in range(1, rng.randint(3, 5) + 1)))
        else:
            parts.append("```text\n" + "\n".join(f"{rng.choice(WORDS)}: {rng.randint(0, 9999)}"
                                                 for _ in range(rng.randint(4, 8))) + "\n```")
        parts.append(f"### Notes on {rng.choice(WORDS)}")
        parts.append(paragraph(rng))
    return "\n\n".join(parts) + "\n"


HUGO_BASE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head>
<body><main>%s</main></body></html>
"""


def prose(count, out):
    fresh(out)
    docent, hugo = os.path.join(out, "docent"), os.path.join(out, "hugo")
    write(os.path.join(docent, "site.yml"), "title: Prose pages\nbase-url: https://bench.example.org/\n")
    write(os.path.join(hugo, "hugo.toml"),
          'baseURL = "https://bench.example.org/"\ntitle = "Prose pages"\nlanguageCode = "en"\n'
          'disableKinds = ["taxonomy", "term"]\n')
    write(os.path.join(hugo, "layouts", "_default", "single.html"),
          HUGO_BASE % "<h1>{{ .Title }}</h1>{{ .Content }}")
    write(os.path.join(hugo, "layouts", "_default", "list.html"),
          HUGO_BASE % "<h1>{{ .Title }}</h1>{{ .Content }}<ul>{{ range .Pages }}"
                      "<li><a href=\"{{ .RelPermalink }}\">{{ .Title }}</a></li>{{ end }}</ul>")
    write(os.path.join(hugo, "layouts", "index.html"),
          HUGO_BASE % "{{ .Content }}<ul>{{ range .Site.RegularPages }}"
                      "<li><a href=\"{{ .RelPermalink }}\">{{ .Title }}</a></li>{{ end }}</ul>")
    for page in range(count):
        rng = random.Random(10_000 + page)
        front = f"---\ntitle: Prose page {page + 1}\ndate: 2026-02-{page % 28 + 1:02d}\n---\n\n"
        body = paragraph(rng) + "\n\n" + prose_body(rng)
        name = f"page-{page + 1:04d}.md"
        write(os.path.join(docent, "pages", name), front + body)
        write(os.path.join(hugo, "content", "pages", name), front + body)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--articles", type=int)
    parser.add_argument("--snippets", type=int, default=10)
    parser.add_argument("--corpus", type=int)
    parser.add_argument("--prose-pages", type=int)
    parser.add_argument("out")
    args = parser.parse_args()
    if [args.articles, args.corpus, args.prose_pages].count(None) != 2:
        parser.error("give exactly one of --articles N, --corpus N or --prose-pages N")
    if args.corpus is not None:
        corpus(args.corpus, args.snippets, args.out)
    elif args.articles is not None:
        articles(args.articles, args.snippets, args.out)
    else:
        prose(args.prose_pages, args.out)


if __name__ == "__main__":
    main()
