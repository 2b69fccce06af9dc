"""The claims report (out/report.md, out/report.html), the quick-vs-full verdict comparison and the margins lock
(scripts/queuelab_claims.py, docs/claims.md §4), on synthetic inputs and on the project's registers."""
from __future__ import annotations

import csv
import re
import shutil

import pytest

import queuelab_claims as qc
from queuelab_claims import Place

CLAIM_COLUMNS = ["work", "register", "id", "where", "source", "kind", "rule", "claim", "verdict", "work_number",
                 "independent", "consistency", "headline", "power", "runs_needed", "numbers", "tried", "statement",
                 "margin", "margin_reason", "not_testable_because"]
EVIDENCE_COLUMNS = ["id", "grade", "what", "reference", "ours", "outcome", "note", "power"]


def claim(cid, where, verdict, **kw):
    row = dict.fromkeys(CLAIM_COLUMNS, "")
    row.update(work="Toy", register="toy", id=cid, where=where, source="text", kind="figure", rule="equal",
               claim=f"the claim {cid}", verdict=verdict, headline="ours 0.70401234 vs 0.7", statement="full " * 80)
    row.update(kw)
    return row


def write_out(out, claims, evidence, index=()):
    (out / "claims" / "evidence").mkdir(parents=True)
    for path, rows, cols in ((out / "claims" / "01-toy.csv", claims, CLAIM_COLUMNS),
                             (out / "claims" / "evidence" / "01-toy.csv", evidence, EVIDENCE_COLUMNS)):
        with path.open("w", newline="", encoding="utf-8") as fh:
            w = csv.DictWriter(fh, fieldnames=cols)
            w.writeheader()
            w.writerows(rows)
    (out / "figures" / "01-toy").mkdir(parents=True)
    with (out / "figures" / "01-toy" / "index.csv").open("w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["page", "kind", "title"])
        w.writerows(index)


@pytest.fixture
def toy_out(tmp_path):
    out = tmp_path / "out"
    claims = [claim("TOY-F3", "Figure 3, left panel", "REPRODUCED", margin="0.005", margin_reason="printed to 2 dp",
                    power="difference 0.00123456 ± 0.00234567 (n = 10), margin ± 0.005"),
              claim("TOY-T2", "Theorem 2 (ii)", "INCONCLUSIVE", runs_needed="40", kind="theorem", rule="order",
                    headline="difference 0.004 ± 0.006 (n = 10)"),
              claim("TOY-NT", "Section 4.2, p. 12", "NOT_TESTABLE", rule="none",
                    not_testable_because="an existence statement with no numerical consequence " * 3),
              claim("TOY-R", "Section V (our reconstruction)", "PARTLY", source="reconstruction",
                    where_long="x", claim="y" * 100, headline="z" * 60)]
    for c in claims:
        c.pop("where_long", None)
    evidence = [{"id": "TOY-F3", "grade": "INDEPENDENT_METHOD", "what": "fluid vs simulation", "reference": "0.7",
                 "ours": "0.70401234", "outcome": "HOLDS", "note": "|ours − reference| = 0.00401234 vs margin 0.005",
                 "power": ""},
                {"id": "TOY-T2", "grade": "INDEPENDENT_METHOD", "what": "paired difference", "reference": "NaN",
                 "ours": "0.004", "outcome": "UNDECIDED", "note": "", "power": "0.004 ± 0.006 (n = 10)"}]
    write_out(out, claims, evidence, [["cell05-1.html", "figure", "Figure 3 (left): λ = 0.45, d = 2"],
                                      ["cell07-2.html", "table", "Table 2, row d = 3"],
                                      ["cell09-1.html", "figure", "a figure with no place"]])
    qc.write_report(out, "quick", ["| notebook | status |", "|---|---|", "| 01-toy | ok |"],
                    [[("01-toy", None), ("ok", None)]])
    return out


def test_places_are_read_from_where_and_from_titles():
    assert qc.place_of_where("Figure 8, right panel") == Place("Figure", "8")
    assert qc.place_of_where("ALBA Section V (the stated reason)") == Place("Section", "V")
    assert qc.place_of_where("Theorem 3.3") == Place("Theorem", "3.3")
    assert qc.place_of_where("Table 2, row d = 3") == Place("Table", "2")
    assert qc.place_of_where("p. 4, the set-up") is None
    assert qc.places_of_title("Fig 8a (and 6b, 7b): energy against µ") == [Place("Figure", "8"), Place("Figure", "6"),
                                                                           Place("Figure", "7")]
    assert qc.places_of_title("Figure 3 (left): λ = 0.45") == [Place("Figure", "3")]
    assert qc.places_of_title("Theorem 2 / Proposition 2 on the grid") == [Place("Theorem", "2"),
                                                                           Place("Proposition", "2")]
    assert qc.places_of_title("Table 1, PAPER accuracy") == [Place("Table", "1")]
    assert qc.places_of_title("Equilibrium tail, as in Figure 3") == [], "a place must start the title"
    assert qc.places_of_title("Figures of merit") == []


def test_numbers_are_rounded_to_the_precision_the_margin_needs():
    assert qc.decimals_for("0.005") == 4 and qc.decimals_for("0.1") == 2 and qc.decimals_for("") is None
    assert qc.round_numbers("ours 0.70401234 vs 0.7", 4) == "ours 0.7040 vs 0.7"
    assert qc.round_numbers("ours 0.70401234 vs 0.7", None) == "ours 0.704 vs 0.7"
    assert qc.round_numbers("Theorem 3.3 at N = 1000", 4) == "Theorem 3.3 at N = 1000", "never made longer"
    assert qc.round_numbers("gap 1.23456789E-7", 4) == "gap 1.235e-7", "too small for the decimals: significant"


def test_report_lists_every_claim_with_short_cells_and_links(toy_out):
    assert qc.report_problems(toy_out) == []
    md = (toy_out / "report.md").read_text(encoding="utf-8")
    page = (toy_out / "report.html").read_text(encoding="utf-8")
    for cid in ("TOY-F3", "TOY-T2", "TOY-NT", "TOY-R"):
        assert f"[{cid}](#claim-{cid.lower()})" in md and f'id="claim-{cid.lower()}"' in page
    assert "INCONCLUSIVE (needs 40 runs / full mode)" in md and "INCONCLUSIVE (needs 40 runs / full mode)" in page
    assert "| ours 0.7040 vs 0.7 |" in md, "the headline rounded to the margin's precision"
    assert "[Figure 3 (left): λ = 0.45, d = 2](figures/01-toy/cell05-1.html)" in md, "the figure of its place"
    assert "cell09-1.html" not in md, "a figure titled without a place shows no claim"
    assert "| of the text | 3 | 1 | 0 | 0 | 1 | 1 | 0 |" in md and "| of the reconstruction | 1 | 0 | 1 |" in md
    assert re.search(r"By place: \[Figure 3\]\(#work-toy-figure-3\) · \[Theorem 2\]", md), "an index by place"
    assert "<script" not in page and "http" not in page, "self-contained: nothing from the network"


def test_report_problems_finds_long_cells_and_dangling_links(toy_out):
    md = toy_out / "report.md"
    text = md.read_text(encoding="utf-8")
    md.write_text(text.replace("| ours 0.7040 vs 0.7 |", "| " + "w" * 121 + " |", 1)
                  .replace("(#claim-toy-t2)", "(#claim-nowhere)", 1), encoding="utf-8")
    problems = qc.report_problems(toy_out)
    assert any("a cell of 121 characters" in p for p in problems), problems
    assert any("links to #claim-nowhere" in p for p in problems), problems


def test_quick_and_full_verdicts_contradict_only_when_both_are_decided(tmp_path):
    assert qc.contradicts("REPRODUCED", "NOT_REPRODUCED") and qc.contradicts("PARTLY", "REPRODUCED")
    assert not qc.contradicts("INCONCLUSIVE", "NOT_REPRODUCED") and not qc.contradicts("REPRODUCED", "INCONCLUSIVE")
    assert not qc.contradicts("NOT_TESTABLE", "REPRODUCED") and not qc.contradicts("REPRODUCED", "REPRODUCED")
    data = tmp_path / "data"
    (data / "toy").mkdir(parents=True)
    (data / "toy" / "claims.csv").write_text("id,where\nA,x\n", encoding="utf-8")
    recorded = qc.Recorded({("toy", "A"): {"verdict": "REPRODUCED"}, ("toy", "B"): {"verdict": "INCONCLUSIVE"},
                            ("toy", "C"): {"verdict": "PARTLY"}},
                           ["Full-mode verdicts recorded on 2026-01-01 at commit abc."], {"toy": "0" * 64})
    quick = [{"register": "toy", "id": "A", "verdict": "REPRODUCED"},
             {"register": "toy", "id": "B", "verdict": "PARTLY"},          # full undecided: fine
             {"register": "toy", "id": "C", "verdict": "NOT_REPRODUCED"},  # contradiction
             {"register": "toy", "id": "D", "verdict": "REPRODUCED"},      # new id: reported
             {"register": "toy", "id": "E", "verdict": "INCONCLUSIVE"}]    # quick undecided: nothing to compare
    result = qc.compare_modes(quick, recorded, data)
    assert result.contradictions == ["C (toy): quick mode NOT_REPRODUCED, full mode PARTLY"]
    assert [m.split(" ")[0] for m in result.missing] == ["D"] and result.compared == 2
    assert len(result.stale) == 1 and "changed since" in result.stale[0], "the register's digest differs"


def test_full_mode_verdicts_are_recorded_with_date_commit_and_register_digests(toy_out, tmp_path, monkeypatch):
    data = tmp_path / "data"
    (data / "toy").mkdir(parents=True)
    (data / "toy" / "claims.csv").write_text("id,where\nTOY-F3,x\n", encoding="utf-8")
    monkeypatch.setattr(qc, "DATA", data)
    target = qc.record_full(toy_out, tmp_path / "verdicts.csv")
    recorded = qc.read_recorded(target)
    assert recorded.verdicts[("toy", "TOY-T2")]["verdict"] == "INCONCLUSIVE" and len(recorded.verdicts) == 4
    assert re.match(r"Full-mode verdicts recorded by \./reproduce --full on \d{4}-\d\d-\d\d .* at commit ",
                    recorded.header[0])
    assert recorded.digests == {"toy": qc.sha256(data / "toy" / "claims.csv")}
    quick = [c.row for c in qc.read_claims(toy_out)]
    assert qc.compare_modes(quick, recorded, data).contradictions == []
    table = qc.summary_table(toy_out, recorded)
    assert "| Toy | quick | 3 (+1) | 1 | 0 (+1) | 0 | 1 | 1 |" in table
    assert "| Toy | full | 3 (+1) | 1 | 0 (+1) | 0 | 1 | 1 |" in table


def write_register(path, rows):
    with path.open("w", newline="", encoding="utf-8") as fh:
        fh.write("# a comment line\n")
        w = csv.DictWriter(fh, fieldnames=["id", "where", "margin", "margin_reason"])
        w.writeheader()
        w.writerows(rows)


def test_margins_lock_catches_a_margin_changed_without_its_reason(tmp_path):
    (tmp_path / "toy").mkdir()
    register = tmp_path / "toy" / "claims.csv"
    write_register(register, [{"id": "A", "where": "x", "margin": "0.005", "margin_reason": "printed to 2 dp"},
                              {"id": "B", "where": "x", "margin": "", "margin_reason": ""},
                              {"id": "C", "where": "x", "margin": "0.01", "margin_reason": "plot resolution"}])
    qc.write_margins_lock(tmp_path)
    assert qc.margin_changes(tmp_path) == ([], [])
    write_register(register, [{"id": "A", "where": "x", "margin": "0.02", "margin_reason": "printed to 2 dp"},
                              {"id": "B", "where": "x", "margin": "0.1", "margin_reason": "a new reason"},
                              {"id": "C", "where": "x", "margin": "0.010", "margin_reason": "plot  resolution"}])
    changed, gone = qc.margin_changes(tmp_path)
    assert len(changed) == 1 and "A: margin 0.005 → 0.02 with the same margin_reason" in changed[0], changed
    write_register(register, [{"id": "A", "where": "x", "margin": "0.02", "margin_reason": "printed to 1 dp"}])
    assert qc.margin_changes(tmp_path) == ([], ["toy/B", "toy/C"])


def test_project_margins_change_only_with_their_reason():
    """data/*/claims.csv against data/claims-margins.lock: a margin widened or narrowed without a new margin_reason
    fails; a claim id that disappeared fails (ids are never removed or renamed). After writing the reason, refresh:
    .venv/bin/python scripts/queuelab_claims.py lock-margins"""
    assert qc.MARGINS_LOCK.exists(), "no data/claims-margins.lock: run scripts/queuelab_claims.py lock-margins"
    changed, gone = qc.margin_changes()
    assert not changed, "margins changed without their reason:\n  " + "\n  ".join(changed)
    assert not gone, "claim ids removed from the registers (ids are kept; narrow the text instead): " + ", ".join(gone)


def test_the_report_can_be_rebuilt_from_an_existing_out_folder(toy_out):
    import queuelab_notebooks as qn
    shutil.rmtree(toy_out / "figures")
    qn.rebuild_report(toy_out)
    assert qc.report_problems(toy_out) == []
    assert "no figure or table of the notebook is titled with this place" in (toy_out / "report.md").read_text(
        encoding="utf-8")


def test_a_claim_about_one_panel_links_the_figures_of_that_panel(tmp_path):
    assert qc.panel_of("Figure 3, left panel") == "left" and qc.panel_of("Fig 8a (and 6b, 7b): x") == "a"
    assert qc.panel_of("Figure 3 (right): λ = 0.9") == "right" and qc.panel_of("Theorem 2 (ii)") == ""
    out = tmp_path / "out"
    write_out(out, [claim("L", "Figure 3, left", "REPRODUCED"), claim("B", "Figure 3", "REPRODUCED"),
                    claim("P", "Figure 3, panel in the middle", "REPRODUCED")], [],
              [["cell01-1.html", "figure", "Figure 3 (left): λ = 0.45"],
               ["cell02-1.html", "figure", "Figure 3 (right): λ = 0.9"]])
    shown = {c["id"]: [x.page.split("/")[-1] for x in c.exhibits] for c in qc.read_claims(out)}
    assert shown == {"L": ["cell01-1.html"], "B": ["cell01-1.html", "cell02-1.html"],
                     "P": ["cell01-1.html", "cell02-1.html"]}


def test_places_beyond_figures_tables_and_theorems():
    assert qc.place_of_where("Eq. (1), abstract") == Place("Equation", "1")
    assert qc.place_of_where("Definition 1") == Place("Definition", "1")
    assert qc.place_of_where("Appendix B, proof of Lemma 2") == Place("Appendix", "B")
    assert qc.place_of_where("Abstract of the first version (arXiv v1)") == Place("Abstract", "")
    assert qc.place_of_where("Conclusion") == Place("Conclusion", "") and str(Place("Conclusion", "")) == "Conclusion"
    assert qc.place_of_where("the intersection 3 of the curves") is None, "a place is a word of its own"
    assert qc.place_of_where("§4.2, p. 12") == Place("Section", "4.2")


def test_places_are_listed_in_reading_order():
    places = [Place("Section", "IV"), Place("Figure", "10"), Place("Theorem", "3.10"), Place("Figure", "2"),
              Place("Section", "IX"), Place("Theorem", "3.9"), Place("Table", "1")]
    assert [str(p) for p in sorted(places, key=qc.place_order)] == [
        "Figure 2", "Figure 10", "Table 1", "Theorem 3.9", "Theorem 3.10", "Section IV", "Section IX"]


def test_markdown_shows_claim_text_as_written():
    assert qc.Markdown.esc("x*: a | b, x_{0,0} < 1") == "x\\*: a \\| b, x\\_{0,0} \\< 1"
