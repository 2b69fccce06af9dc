"""The claims report and the claims bookkeeping of ./reproduce (docs/claims.md §4).

    .venv/bin/python scripts/queuelab_claims.py report [--out DIR]        out/report-claims: out/report.md + .html again
    .venv/bin/python scripts/queuelab_claims.py record-full [--out DIR]   data/verdicts-full-mode.csv from out/claims
    .venv/bin/python scripts/queuelab_claims.py summary [--out DIR]       README's claims table (quick + recorded full)
    .venv/bin/python scripts/queuelab_claims.py compare [--out DIR]       quick verdicts against the recorded full ones
    .venv/bin/python scripts/queuelab_claims.py lock-margins              data/claims-margins.lock from the registers

Inputs: <out>/claims/<notebook>.csv and <out>/claims/evidence/<notebook>.csv (written by each notebook's
ClaimsRegister.write), <out>/figures/<notebook>/index.csv (the figures and tables exported by ./reproduce, with the
place of the work each reproduces, read from its title). Figures and tables are tied to claims by place: an exhibit
whose title starts with a place of the work ("Figure 3 (left): …", "Fig 8a (and 6b, 7b): …", "Table 2, …",
"Theorem 3: …") shows every claim of its notebook's register whose `where` names that place first.
"""
from __future__ import annotations

import argparse
import csv
import hashlib
import html
import math
import os
import re
import subprocess
import sys
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
FULL_VERDICTS = DATA / "verdicts-full-mode.csv"
MARGINS_LOCK = DATA / "claims-margins.lock"
WORKS = ("alba", "sqdn", "tabs", "invariant")          # the four reproduced works (demand is our own study)
VERDICTS = ("REPRODUCED", "PARTLY", "NOT_REPRODUCED", "INCONCLUSIVE", "NOT_TESTABLE")
DECIDED = frozenset(("REPRODUCED", "PARTLY", "NOT_REPRODUCED"))
UNJUDGED = "NO EVIDENCE"
MAX_CELL = 120        # no table cell of the report is longer (tests/python/test_claims_report.py)
HEADLINE = 60         # the "ours vs theirs" cell (Evidence.HEADLINE)

# ------------------------------------------------------------------------------------------------- places

_KINDS = {"fig": "Figure", "figure": "Figure", "table": "Table", "tab": "Table", "theorem": "Theorem",
          "thm": "Theorem", "proposition": "Proposition", "prop": "Proposition", "lemma": "Lemma",
          "corollary": "Corollary", "remark": "Remark", "section": "Section", "§": "Section",
          "definition": "Definition", "assumption": "Assumption", "example": "Example", "algorithm": "Algorithm",
          "appendix": "Appendix", "eq": "Equation", "equation": "Equation"}
_PLACE = re.compile(r"(?<!\w)(fig(?:ure)?|tab(?:le)?|theorem|thm|proposition|prop|lemma|corollary|remark|section|§|definition"
                    r"|assumption|example|algorithm|appendix|eq(?:uation)?)s?\.?\s*\(?"
                    r"((?:\d+(?:\.\d+)*)|(?:[IVX]+)(?![a-z])|[A-H](?![\w.]))\)?([a-z])?(?![\w.])", re.I)
_PART = re.compile(r"\b(abstract|introduction|conclusions?)\b", re.I)   # the unnumbered parts a `where` may name


@dataclass(frozen=True, order=True)
class Place:
    """A numbered part of a work: kind ("Figure", "Table", "Theorem", "Section", ...) and number ("3", "3.3", "V")."""
    kind: str
    number: str

    def __str__(self) -> str:
        return f"{self.kind} {self.number}".strip()


_ORDER = ["Figure", "Table", "Theorem", "Proposition", "Lemma", "Corollary", "Remark", "Definition", "Assumption",
          "Example", "Algorithm", "Equation", "Abstract", "Introduction", "Section", "Conclusion", "Appendix"]
_ROMAN = {"I": 1, "V": 5, "X": 10}


def place_order(place: Place) -> tuple:
    """Sort key: kind in _ORDER, then the number read as numbers ("3.10" after "3.9", "IV" = 4, "B" after "A")."""
    kind = _ORDER.index(place.kind) if place.kind in _ORDER else len(_ORDER)
    n = place.number
    if re.fullmatch(r"\d+(?:\.\d+)*", n):
        key = tuple(int(x) for x in n.split("."))
    elif re.fullmatch(r"[IVX]+", n, re.I):
        values = [_ROMAN[ch] for ch in n.upper()]
        key = (sum(-v if i + 1 < len(values) and v < values[i + 1] else v for i, v in enumerate(values)),)
    else:
        key = (ord(n.upper()) if n else 0,)
    return kind, key


def _place(m: re.Match) -> Place:
    return Place(_KINDS[m.group(1).lower().rstrip(".")], m.group(2))


def place_of_where(where: str) -> Place | None:
    """The first numbered place a register's `where` names ("Figure 8, right panel" → Figure 8), or None."""
    m = _PLACE.search(where or "")
    if m:
        return _place(m)
    part = _PART.search(where or "")
    return Place(part.group(1).capitalize().rstrip("s"), "") if part else None


_SIDE = re.compile(r"\b(left|right|top|bottom|middle|upper|lower)\b", re.I)


def panel_of(text: str) -> str:
    """The panel a `where` or a title names right after its first place: a letter ("Figure 8b", "Fig 8a"), or a
    side ("Figure 3, left panel", "Figure 3 (left): …"); "" if none."""
    m = _PLACE.search(text or "")
    if not m:
        return ""
    if m.group(3):
        return m.group(3).lower()
    side = _SIDE.match(re.sub(r"^[\s,(]+", "", text[m.end():]))
    return side.group(1).lower() if side else ""


def places_of_title(title: str) -> list[Place]:
    """The places a figure's or table's title says it reproduces: a place at the very start ("Figure 3 (left): …",
    "Fig 8a (and 6b, 7b): …", "Theorem 2 / Proposition 2 on the grid"), then any listed right after it in
    "(and …)" or after " / "; a title that does not start with a place reproduces none."""
    title = (title or "").strip()
    m = _PLACE.match(title)
    if not m:
        return []
    found = [_place(m)]
    rest = title[m.end():]
    rest = re.sub(r"^\s*\((?!and\b)[^)]*\)", "", rest)       # "(left)" after the number
    extra = re.match(r"\s*\(and\s+([^)]*)\)", rest, re.I)
    if extra:
        for item in re.split(r"\s*,\s*|\s+and\s+", extra.group(1)):
            n = re.fullmatch(r"(\d+(?:\.\d+)*)([a-z])?", item.strip())
            sub = _PLACE.fullmatch(item.strip())
            if n:
                found.append(Place(found[0].kind, n.group(1)))
            elif sub:
                found.append(_place(sub))
    for part in re.split(r"\s+/\s+", title)[1:]:
        sub = _PLACE.match(part)
        if sub:
            found.append(_place(sub))
    return list(dict.fromkeys(found))


# ------------------------------------------------------------------------------------------------- reading

def read_csv(path: Path) -> list[dict]:
    with path.open(newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(line for line in fh if not line.startswith("#")))


@dataclass
class Exhibit:
    """One exported figure or table page of a notebook and the places of the work it reproduces."""
    notebook: str
    page: str           # relative to <out>
    kind: str           # figure | table
    title: str
    places: list[Place]

    @property
    def panel(self) -> str:
        return panel_of(self.title)


@dataclass
class ClaimRow:
    notebook: str
    row: dict
    evidence: list[dict] = field(default_factory=list)
    exhibits: list[Exhibit] = field(default_factory=list)

    def __getitem__(self, key: str) -> str:
        return self.row.get(key, "") or ""

    @property
    def place(self) -> Place | None:
        return place_of_where(self["where"])

    @property
    def anchor(self) -> str:
        return "claim-" + re.sub(r"[^a-z0-9]+", "-", self["id"].lower()).strip("-")


def read_claims(out: Path) -> list[ClaimRow]:
    """Every claim of <out>/claims/*.csv with its evidence rows and the exhibits of its notebook that show it."""
    rows = []
    exhibits = read_exhibits(out)
    for f in sorted((out / "claims").glob("*.csv")):
        ev_file = out / "claims" / "evidence" / f.name
        evidence = read_csv(ev_file) if ev_file.exists() else []
        for r in read_csv(f):
            c = ClaimRow(f.stem, r, [e for e in evidence if e.get("id") == r.get("id")])
            if c.place:
                c.exhibits = shown_in(c, exhibits.get(f.stem, []))
            rows.append(c)
    return rows


def shown_in(c: ClaimRow, exhibits: list[Exhibit]) -> list[Exhibit]:
    """The exhibits whose title names the claim's place; of those, the ones of the claim's panel when the claim
    names one and some exhibit is of it ("Figure 3, left" → "Figure 3 (left): …")."""
    found = [x for x in exhibits if c.place in x.places]
    panel = panel_of(c["where"])
    same = [x for x in found if x.places[0] == c.place and x.panel == panel]
    return same if panel and same else found


def read_exhibits(out: Path) -> dict[str, list[Exhibit]]:
    found: dict[str, list[Exhibit]] = {}
    for index in sorted((out / "figures").glob("*/index.csv")):
        for r in read_csv(index):
            places = places_of_title(r["title"])
            found.setdefault(index.parent.name, []).append(
                Exhibit(index.parent.name, f"figures/{index.parent.name}/{r['page']}", r["kind"], r["title"], places))
    return found


# ------------------------------------------------------------------------------------------------- numbers

_NUMBER = re.compile(r"(?<![\w.])-?\d+\.\d+(?:[eE][-+]?\d+)?(?![\w.])|(?<![\w.])-?\d+[eE][-+]?\d+(?![\w.])")


def decimals_for(margin: str) -> int | None:
    """Decimals that resolve a margin to two significant digits (0.005 → 4), or None without a margin."""
    try:
        m = float(margin)
    except (TypeError, ValueError):
        return None
    if not m > 0 or math.isinf(m):
        return None
    return max(0, 1 - math.floor(math.log10(m)))


def round_number(text: str, decimals: int | None) -> str:
    """One number rounded to `decimals` (or to 4 significant digits when None, or when it is smaller than the
    decimals can show); never made longer than it was."""
    x = float(text)
    if x == 0 or not math.isfinite(x):
        return text
    if decimals is not None and abs(x) >= 10 ** -decimals:
        s = f"{x:.{decimals}f}"
    else:
        s = f"{x:.4g}"
        if "e" in s:
            mant, exp = s.split("e")
            s = f"{mant}e{int(exp)}"
    return s if len(s) < len(text) else text


def round_numbers(text: str, decimals: int | None) -> str:
    """Every decimal number in a text rounded to the precision its comparison needs (round_number)."""
    return _NUMBER.sub(lambda m: round_number(m.group(0), decimals), text or "")


def short(text: str, limit: int) -> str:
    text = " ".join((text or "").split())
    return text if len(text) <= limit else text[:limit - 1].rstrip() + "…"


def verdict_label(c: ClaimRow) -> str:
    v = c["verdict"] or UNJUDGED
    if v == "INCONCLUSIVE":
        return f"INCONCLUSIVE (needs {runs(c)} / full mode)"
    return v.replace("_", " ")


def runs(c: ClaimRow) -> str:
    try:
        n = int(c["runs_needed"] or 0)
    except ValueError:
        n = 0
    return f"{n} runs" if n > 0 else "more runs"


def ours_vs_theirs(c: ClaimRow) -> str:
    if c["verdict"] == "NOT_TESTABLE":
        return short("not testable: " + c["not_testable_because"], HEADLINE)
    return short(round_numbers(c["headline"], decimals_for(c["margin"])), HEADLINE)


# ------------------------------------------------------------------------------------------------- the report

def counts(rows: list[ClaimRow], source: str) -> dict[str, int]:
    mine = [c for c in rows if c["source"] == source]
    n = {v: sum(1 for c in mine if c["verdict"] == v) for v in VERDICTS}
    n[UNJUDGED] = sum(1 for c in mine if c["verdict"] not in VERDICTS)
    n["total"] = len(mine)
    return n


@dataclass
class Work:
    title: str
    register: str
    notebook: str
    claims: list[ClaimRow]

    @property
    def anchor(self) -> str:
        return "work-" + re.sub(r"[^a-z0-9]+", "-", self.register.lower()).strip("-")

    def groups(self) -> list[tuple[str, list[ClaimRow]]]:
        """The claims grouped by their first place, places in reading order (figures, tables, theorems, …, sections,
        each by number: Figure 2 before Figure 10), claims in register order; those naming no place last."""
        grouped: dict[Place | None, list[ClaimRow]] = {}
        for c in self.claims:
            grouped.setdefault(c.place, []).append(c)
        places = sorted((p for p in grouped if p is not None), key=place_order)
        return [(str(p), grouped[p]) for p in places] + ([("Elsewhere", grouped[None])] if None in grouped else [])


def works(rows: list[ClaimRow]) -> list[Work]:
    found: dict[tuple[str, str], Work] = {}
    for c in rows:
        key = (c["work"], c.notebook)
        found.setdefault(key, Work(c["work"], c["register"], c.notebook, [])).claims.append(c)
    return list(found.values())


SUMMARY_HEAD = ["claims", "total", "reproduced", "partly", "not reproduced", "inconclusive", "not testable",
                "no evidence"]


def summary_cells(n: dict[str, int], label: str) -> list[str]:
    return [label, str(n["total"]), *(str(n[v]) for v in VERDICTS), str(n[UNJUDGED])]


def claim_cells(c: ClaimRow) -> list[tuple[str, str | None]]:
    """The table row of a claim: (text, link) per cell; every text at most MAX_CELL characters."""
    return [(c["id"], "#" + c.anchor), (short(c["where"], MAX_CELL), None), (short(c["claim"], 100), None),
            (verdict_label(c), None), (ours_vs_theirs(c), None)]


def evidence_lines(c: ClaimRow) -> list[str]:
    """Each comparison of a claim in one line, numbers rounded to its margin's precision."""
    d = decimals_for(c["margin"])
    lines = []
    for e in c.evidence:
        grade = {"WORK_NUMBER": "work's number", "INDEPENDENT_METHOD": "independent method",
                 "CONSISTENCY": "consistency"}.get(e.get("grade", ""), e.get("grade", ""))
        ref, ours = e.get("reference", "NaN"), e.get("ours", "NaN")
        nums = ""
        if ours not in ("", "NaN"):
            nums = f": ours {round_numbers(ours, d)}" + ("" if ref in ("", "NaN") else f" vs {round_numbers(ref, d)}")
        line = f"[{grade}] {e.get('what', '')}{nums} — {e.get('outcome', '')}"
        if e.get("note"):
            line += f"; {round_numbers(e['note'], d)}"
        if e.get("power"):
            line += f"; power: {round_numbers(e['power'], d)}"
        lines.append(line)
    return lines


def detail_fields(c: ClaimRow) -> list[tuple[str, str]]:
    """(label, text) of a claim's detail section, in order."""
    d = decimals_for(c["margin"])
    fields = [("Where", f"{c['where']} ({c['source']}; {c['kind']}; rule: {c['rule']})"),
              ("Verdict", verdict_label(c)), ("Statement", c["statement"] or c["claim"])]
    if c["not_testable_because"]:
        fields.append(("Not testable because", c["not_testable_because"]))
    if c["margin"]:
        fields.append(("Margin", f"{c['margin']} — {c['margin_reason']}"))
    if c["power"]:
        fields.append(("Interval and power", round_numbers(c["power"], d)))
    if c["verdict"] == "INCONCLUSIVE":
        fields.append(("To decide", f"needs {runs(c)} / full mode (`./reproduce --full`)"))
    if c["judged_by"]:
        fields.append(("What was tried", round_numbers(c["judged_by"], d)))
    return fields


class Markdown:
    @staticmethod
    def esc(text: str) -> str:
        """Text shown as it is: backslash-escaped where Markdown would read it as a table border, emphasis, code or
        HTML ("x*: …", "λ < 1", "x_{0,0}")."""
        text = text.replace("\\", "\\\\").replace("\n", " ")
        return re.sub(r"([|*_<>`])", r"\\\1", text)

    def table(self, head: list[str], rows: list[list[tuple[str, str | None]]]) -> list[str]:
        lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        for r in rows:
            lines.append("| " + " | ".join(f"[{self.esc(t)}]({link})" if link else self.esc(t) for t, link in r)
                         + " |")
        return lines


def report_markdown(rows: list[ClaimRow], mode: str, head: list[str]) -> list[str]:
    md = ["# queuelab reproduction report", "", f"Mode: **{mode}**. How to read this report: docs/claims.md §4. "
          "The notebooks' status and checks: [Notebooks](#notebooks).", "", "## Claims", ""]
    all_works = works(rows)
    md += [f"- [{w.title}](#{w.anchor}): {len(w.claims)} claims" for w in all_works]
    md += unjudged_registers(rows)
    mdt = Markdown()
    for w in all_works:
        md += ["", f'<a id="{w.anchor}"></a>', "", f"## {w.title}", "",
               f"Notebook `{w.notebook}`; register `data/{w.register}/claims.csv`; its checks: "
               f"[checks/{w.notebook}.csv](checks/{w.notebook}.csv).", ""]
        md += mdt.table(SUMMARY_HEAD, [[(t, None) for t in summary_cells(counts(w.claims, s), f"of the {s}")]
                                       for s in ("text", "reconstruction") if counts(w.claims, s)["total"]])
        groups = w.groups()
        md += ["", "By place: " + " · ".join(f"[{name}](#{w.anchor}-{slug(name)})" for name, _ in groups), ""]
        for name, claims in groups:
            md += [f'<a id="{w.anchor}-{slug(name)}"></a>', "", f"### {name}", ""]
            md += mdt.table(["id", "where", "the claim", "verdict", "ours vs theirs"], [claim_cells(c) for c in claims])
            md.append("")
        md += [f"### {w.title}: each claim in detail", ""]
        for c in (c for _, claims in groups for c in claims):   # in the tables' order
            md += [f'<a id="{c.anchor}"></a>', "", f"#### {c['id']}", ""]
            md += [f"- **{label}:** {Markdown.esc(text)}" for label, text in detail_fields(c)]
            lines = evidence_lines(c)
            md.append(f"- **Comparisons ({len(lines)}):**" + ("" if lines else " none"))
            md += [f"  - {Markdown.esc(x)}" for x in lines]
            md.append("- **Shown in:** " + (", ".join(f"{x.kind} [{Markdown.esc(short(x.title, 90))}]({x.page})" for x in c.exhibits)
                                            or "no figure or table of the notebook is titled with this place"))
            md.append("")
    return md + ['<a id="notebooks"></a>', "", "## Notebooks", ""] + head


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def unjudged_registers(rows: list[ClaimRow]) -> list[str]:
    judged = {c["register"] for c in rows}
    lines = []
    for register in sorted(DATA.glob("*/claims.csv")):
        if register.parent.name not in judged:
            n = len(read_csv(register))
            lines.append(f"- **{register.parent.name}: {n} claims — not judged in this run** (no notebook wrote its "
                         f"register, `data/{register.parent.name}/claims.csv`)")
    return lines


# ------------------------------------------------------------------------------------------------- HTML

CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:1.5em auto;max-width:1200px;
 padding:0 1em;color:#1a1a1a;line-height:1.4}
h1{font-size:1.6em}h2{border-bottom:2px solid #ccc;padding-bottom:.2em;margin-top:2em}h3{margin-top:1.4em}
table{border-collapse:collapse;margin:.5em 0;font-size:.92em}
th,td{border:1px solid #ccc;padding:.25em .5em;text-align:left;vertical-align:top}
th{background:#f2f2f2}td.n{text-align:right}td:first-child{white-space:nowrap}
.v{font-weight:600;white-space:nowrap}
.REPRODUCED{color:#176b2c}.PARTLY{color:#8a5a00}.NOT_REPRODUCED{color:#b00020}.INCONCLUSIVE{color:#5a4fcf}
.NOT_TESTABLE{color:#666}.NO-EVIDENCE{color:#b00020}
.detail{border-left:3px solid #ddd;padding-left:.8em;margin:1em 0}
.detail dt{font-weight:600;float:left;clear:left;width:11em}.detail dd{margin-left:11.5em;margin-bottom:.2em}
.places a{margin-right:.6em}code{background:#f5f5f5;padding:0 .2em}
:target{background:#fff8d6}
"""


def e(text: str) -> str:
    return html.escape(text or "", quote=True)


def html_table(head: list[str], rows: list[list[tuple[str, str | None]]], verdict_col: int | None = None,
               numeric: bool = False) -> list[str]:
    out = ["<table>", "<tr>" + "".join(f"<th>{e(h)}</th>" for h in head) + "</tr>"]
    for r in rows:
        cells = []
        for i, (text, link) in enumerate(r):
            inner = f'<a href="{e(link)}">{e(text)}</a>' if link else e(text)
            cls = ""
            if verdict_col is not None and i == verdict_col:
                cls = f' class="v {text.split(" (")[0].replace(" ", "_") if text != UNJUDGED else "NO-EVIDENCE"}"'
            elif numeric and i > 0:
                cls = ' class="n"'
            cells.append(f"<td{cls}>{inner}</td>")
        out.append("<tr>" + "".join(cells) + "</tr>")
    return out + ["</table>"]


def report_html(rows: list[ClaimRow], mode: str, notebooks_table: list[list[tuple[str, str | None]]]) -> str:
    h = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
         '<meta name="viewport" content="width=device-width, initial-scale=1">',
         "<title>queuelab reproduction report</title>", f"<style>{CSS}</style></head><body>",
         "<h1>queuelab reproduction report</h1>",
         f"<p>Mode: <b>{e(mode)}</b>. How to read this report: <code>docs/claims.md</code> §4. The notebooks' status "
         'and checks: <a href="#notebooks">Notebooks</a>.</p>']
    all_works = works(rows)
    h.append("<h2>Claims</h2><ul>" + "".join(f'<li><a href="#{w.anchor}">{e(w.title)}</a>: {len(w.claims)} claims'
                                             "</li>" for w in all_works) + "</ul>")
    for line in unjudged_registers(rows):
        h.append(f"<p>{e(line.lstrip('- ').replace('**', ''))}</p>")
    for w in all_works:
        h += [f'<h2 id="{w.anchor}">{e(w.title)}</h2>',
              f'<p>Notebook <code>{e(w.notebook)}</code>; register <code>data/{e(w.register)}/claims.csv</code>; '
              f'its checks: <a href="checks/{e(w.notebook)}.csv">checks/{e(w.notebook)}.csv</a>.</p>']
        h += html_table(SUMMARY_HEAD, [[(t, None) for t in summary_cells(counts(w.claims, s), f"of the {s}")]
                                       for s in ("text", "reconstruction") if counts(w.claims, s)["total"]],
                        numeric=True)
        groups = w.groups()
        h.append('<p class="places">By place: ' + "".join(
            f'<a href="#{w.anchor}-{slug(name)}">{e(name)}</a>' for name, _ in groups) + "</p>")
        for name, claims in groups:
            h.append(f'<h3 id="{w.anchor}-{slug(name)}">{e(name)}</h3>')
            h += html_table(["id", "where", "the claim", "verdict", "ours vs theirs"],
                            [claim_cells(c) for c in claims], verdict_col=3)
        h.append(f"<h3>{e(w.title)}: each claim in detail</h3>")
        for c in (c for _, claims in groups for c in claims):   # in the tables' order
            h += [f'<div class="detail" id="{c.anchor}"><h4>{e(c["id"])}</h4><dl>']
            h += [f"<dt>{e(label)}</dt><dd>{e(text)}</dd>" for label, text in detail_fields(c)]
            lines = evidence_lines(c)
            h.append(f"<dt>Comparisons ({len(lines)})</dt><dd>"
                     + ("<ul>" + "".join(f"<li>{e(x)}</li>" for x in lines) + "</ul>" if lines else "none") + "</dd>")
            shown = "<br>".join(f'{x.kind} <a href="{e(x.page)}">{e(x.title)}</a>' for x in c.exhibits)
            h.append(f"<dt>Shown in</dt><dd>{shown or 'no figure or table of the notebook is titled with this place'}"
                     "</dd></dl></div>")
    h += ['<h2 id="notebooks">Notebooks</h2>']
    h += html_table(["notebook", "status", "seconds", "kernel CPU s", "checks passed", "checks failed"],
                    notebooks_table)
    h.append("</body></html>")
    return "\n".join(h) + "\n"


def write_report(out: Path, mode: str, notebooks_md: list[str],
                 notebooks_table: list[list[tuple[str, str | None]]]) -> tuple[Path, Path]:
    """<out>/report.md and <out>/report.html: the claims of every work (summary, one row per claim, detail
    sections), then the notebooks' status. Check rows stay in <out>/checks/ (linked)."""
    rows = read_claims(out)
    md = report_markdown(rows, mode, notebooks_md)
    (out / "report.md").write_text("\n".join(md) + "\n", encoding="utf-8")
    (out / "report.html").write_text(report_html(rows, mode, notebooks_table), encoding="utf-8")
    return out / "report.md", out / "report.html"


def report_problems(out: Path) -> list[str]:
    """What makes <out>/report.md or report.html unreadable: a table cell over MAX_CELL characters (its visible
    text), a claim of <out>/claims missing from the tables, an id whose link has no detail section, a script or
    style loaded from the network."""
    from html.parser import HTMLParser
    problems = []
    md = (out / "report.md").read_text(encoding="utf-8")
    anchors = set(re.findall(r'<a id="([^"]+)"></a>', md))
    listed = set()
    for line in md.splitlines():
        if not line.startswith("| ") or set(line) <= set("|-: "):
            continue
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]]
        for cell in cells:
            visible = re.sub(r"\\(.)", r"\1", re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", cell))
            if len(visible) > MAX_CELL:
                problems.append(f"report.md: a cell of {len(visible)} characters: {visible[:80]}…")
        for text, target in re.findall(r"\[([^\]]*)\]\(#([^)]*)\)", line):
            listed.add(text)
            if target not in anchors:
                problems.append(f"report.md: {text} links to #{target}, which is not in the report")

    class Cells(HTMLParser):
        def __init__(self):
            super().__init__()
            self.depth, self.text, self.cells, self.ids, self.links, self.remote = 0, [], [], set(), [], []

        def handle_starttag(self, tag, attrs):
            a = dict(attrs)
            if a.get("id"):
                self.ids.add(a["id"])
            if tag in ("td", "th"):
                self.depth, self.text = 1, []
            if tag == "a" and (a.get("href") or "").startswith("#"):
                self.links.append(a["href"][1:])
            if (tag == "script" and a.get("src")) or (tag == "link" and a.get("href")):
                self.remote.append(a.get("src") or a.get("href"))

        def handle_endtag(self, tag):
            if tag in ("td", "th") and self.depth:
                self.cells.append("".join(self.text))
                self.depth = 0

        def handle_data(self, data):
            if self.depth:
                self.text.append(data)

    parser = Cells()
    parser.feed((out / "report.html").read_text(encoding="utf-8"))
    problems += [f"report.html: a cell of {len(c)} characters: {c[:80]}…" for c in parser.cells if len(c) > MAX_CELL]
    problems += [f"report.html: a link to #{t}, which is not in the page" for t in parser.links if t not in parser.ids]
    problems += [f"report.html: loads {r} (it must render offline, self-contained)" for r in parser.remote]
    for c in read_claims(out):
        if c["id"] not in listed:
            problems.append(f"report.md: claim {c['id']} is not in a table with a link to its detail section")
        if c.anchor not in parser.ids:
            problems.append(f"report.html: claim {c['id']} has no detail section")
    return problems


# ------------------------------------------------------------------------------------------------- modes

def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def git(*args: str) -> str:
    try:
        return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""


def record_full(out: Path, target: Path = FULL_VERDICTS) -> Path:
    """Writes the full-mode verdict of every claim in <out>/claims to `target`, with the date, the commit and a
    digest of each register judged (so a later register change is seen)."""
    rows = read_claims(out)
    if not rows:
        raise SystemExit(f"no claims in {out / 'claims'}: run ./reproduce --full first")
    commit = git("rev-parse", "--short", "HEAD") or "unknown"
    if git("status", "--porcelain", "--untracked-files=no"):
        commit += " (with uncommitted changes)"
    registers = sorted({c["register"] for c in rows})
    lines = [f"# Full-mode verdicts recorded by ./reproduce --full on "
             f"{datetime.now(timezone.utc).strftime('%Y-%m-%d %H:%M UTC')} at commit {commit}.",
             "# tests/python/test_notebooks.py compares quick mode's decided verdicts with these (docs/claims.md §4)."]
    lines += [f"# register {r} sha256 {sha256(DATA / r / 'claims.csv')}" for r in registers
              if (DATA / r / "claims.csv").exists()]
    with target.open("w", newline="", encoding="utf-8") as fh:
        fh.write("\n".join(lines) + "\n")
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["work", "register", "id", "source", "verdict"])
        for c in rows:
            w.writerow([c["work"], c["register"], c["id"], c["source"], c["verdict"] or UNJUDGED])
    return target


@dataclass
class Recorded:
    verdicts: dict[tuple[str, str], dict]     # (register, id) → row
    header: list[str]
    digests: dict[str, str]


def read_recorded(path: Path = FULL_VERDICTS) -> Recorded | None:
    if not path.exists():
        return None
    text = path.read_text(encoding="utf-8").splitlines()
    header = [ln[1:].strip() for ln in text if ln.startswith("#")]
    digests = {}
    for ln in header:
        m = re.match(r"register (\S+) sha256 ([0-9a-f]{64})", ln)
        if m:
            digests[m.group(1)] = m.group(2)
    rows = read_csv(path)
    return Recorded({(r["register"], r["id"]): r for r in rows}, header, digests)


@dataclass
class Comparison:
    contradictions: list[str]      # decided in both modes, and different: the test fails
    missing: list[str]             # decided in quick mode, not in the recorded file: reported
    stale: list[str]               # registers changed since the recording: reported
    compared: int                  # decided in both


def contradicts(quick: str, full: str) -> bool:
    """The rule: two decided verdicts (REPRODUCED, PARTLY, NOT REPRODUCED) of one claim must agree; INCONCLUSIVE,
    NOT TESTABLE or unjudged on either side is no contradiction (org.queuelab.claims.ModeAgreement is the same)."""
    return quick in DECIDED and full in DECIDED and quick != full


def compare_modes(quick: list[dict], recorded: Recorded, data: Path = DATA) -> Comparison:
    """Quick mode's claims (rows of out/claims/*.csv) against the recorded full-mode verdicts."""
    result = Comparison([], [], [], 0)
    for q in quick:
        if q["verdict"] not in DECIDED:
            continue
        f = recorded.verdicts.get((q["register"], q["id"]))
        if f is None:
            result.missing.append(f"{q['id']} ({q['register']}): quick {q['verdict']}, no full-mode verdict recorded")
            continue
        if f["verdict"] in DECIDED:
            result.compared += 1
        if contradicts(q["verdict"], f["verdict"]):
            result.contradictions.append(f"{q['id']} ({q['register']}): quick mode {q['verdict']}, "
                                         f"full mode {f['verdict']}")
    for register in sorted({q["register"] for q in quick}):
        file = data / register / "claims.csv"
        if register in recorded.digests and file.exists() and sha256(file) != recorded.digests[register]:
            result.stale.append(f"data/{register}/claims.csv changed since the full-mode verdicts were recorded "
                                f"({recorded.header[0] if recorded.header else ''}): re-run ./reproduce --full")
        elif register not in recorded.digests:
            result.stale.append(f"data/{register}/claims.csv: no full-mode verdicts recorded for it")
    return result


# ------------------------------------------------------------------------------------------------- README summary

def summary_table(out: Path, recorded: Recorded | None) -> list[str]:
    """README's claims summary: per work and mode, the counts (claims of the text, + those of our reconstruction)."""
    quick = [c.row for c in read_claims(out)]
    full = list(recorded.verdicts.values()) if recorded else []
    lines = ["| work | mode | claims | reproduced | partly | not reproduced | inconclusive | not testable |",
             "|---|---|---:|---:|---:|---:|---:|---:|"]
    titles = list(dict.fromkeys([r["work"] for r in quick] + [r["work"] for r in full]))
    for title in titles:
        for mode, rows in (("quick", quick), ("full", full)):
            mine = [r for r in rows if r["work"] == title]
            if not mine:
                continue
            cells = [title, mode]
            for v in ("total", *VERDICTS):
                n = {s: sum(1 for r in mine if r["source"] == s and (v == "total" or r["verdict"] == v))
                     for s in ("text", "reconstruction")}
                cells.append(str(n["text"]) + (f" (+{n['reconstruction']})" if n["reconstruction"] else ""))
            lines.append("| " + " | ".join(cells) + " |")
    note = ["", "Counts of the claims in the works' text; (+n): claims of our reconstruction, counted apart. Quick: "
            "`./reproduce`; full: `./reproduce --full`"
            + (f" ({recorded.header[0].split(' on ', 1)[-1].rstrip('.')})" if recorded and recorded.header else
               " (not recorded yet)") + "."]
    return lines + note


# ------------------------------------------------------------------------------------------------- margins lock

def register_rows(data: Path = DATA) -> dict[str, list[dict]]:
    return {f.parent.name: read_csv(f) for f in sorted(data.glob("*/claims.csv"))}


def reason_digest(reason: str) -> str:
    return hashlib.sha256(" ".join((reason or "").split()).encode("utf-8")).hexdigest()[:16]


def write_margins_lock(data: Path = DATA, target: Path | None = None) -> Path:
    """data/claims-margins.lock: every register row's id, margin and a digest of its margin_reason."""
    target = target or data / "claims-margins.lock"
    with target.open("w", newline="", encoding="utf-8") as fh:
        fh.write("# Margins as fixed in data/*/claims.csv, with a digest of each margin_reason. A margin may change only\n"
                 "# with its reason (tests/python/test_claims_report.py). After writing the reason, refresh with\n"
                 "#   .venv/bin/python scripts/queuelab_claims.py lock-margins\n")
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["register", "id", "margin", "reason_sha"])
        for register, rows in register_rows(data).items():
            for r in rows:
                w.writerow([register, r["id"], r["margin"].strip(), reason_digest(r["margin_reason"])])
    return target


def margin_changes(data: Path = DATA, lock: Path | None = None) -> tuple[list[str], list[str]]:
    """(margins changed without their reason changing, ids in the lock that no register has any more)."""
    lock = lock or data / "claims-margins.lock"
    locked = {(r["register"], r["id"]): r for r in read_csv(lock)}
    current = {(reg, r["id"]): r for reg, rows in register_rows(data).items() for r in rows}
    changed = []
    for key, was in locked.items():
        now = current.get(key)
        if now is None:
            continue
        if same_margin(was["margin"], now["margin"]):
            continue
        if reason_digest(now["margin_reason"]) == was["reason_sha"]:
            changed.append(f"data/{key[0]}/claims.csv {key[1]}: margin {was['margin'] or '(none)'} → "
                           f"{now['margin'].strip() or '(none)'} with the same margin_reason")
    gone = [f"{reg}/{cid}" for (reg, cid) in locked if (reg, cid) not in current]
    return changed, gone


def same_margin(a: str, b: str) -> bool:
    a, b = (a or "").strip(), (b or "").strip()
    if a == b:
        return True
    try:
        return float(a) == float(b)
    except ValueError:
        return False


# ------------------------------------------------------------------------------------------------- commands

def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", required=True)
    for name in ("report", "record-full", "summary", "compare"):
        s = sub.add_parser(name)
        s.add_argument("--out", type=Path, default=Path(os.environ.get("QUEUELAB_OUT") or ROOT / "out"))
    sub.add_parser("lock-margins")
    a = p.parse_args(argv)
    if a.command == "lock-margins":
        print(f"wrote {write_margins_lock()}")
        return 0
    out = a.out.resolve()
    if a.command == "report":
        import queuelab_notebooks as qn
        qn.rebuild_report(out)
        print(f"wrote {out / 'report.md'} and {out / 'report.html'}")
    elif a.command == "record-full":
        print(f"wrote {record_full(out)}")
    elif a.command == "summary":
        print("\n".join(summary_table(out, read_recorded())))
    else:
        recorded = read_recorded()
        if recorded is None:
            print(f"no {FULL_VERDICTS.relative_to(ROOT)}: run ./reproduce --full to record full-mode verdicts")
            return 0
        result = compare_modes([c.row for c in read_claims(out)], recorded)
        for line in result.stale + result.missing:
            print("note:", line)
        for line in result.contradictions:
            print("CONTRADICTION:", line)
        print(f"{result.compared} claims decided in both modes, {len(result.contradictions)} contradictions")
        return 1 if result.contradictions else 0
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    sys.exit(main(sys.argv[1:]))
