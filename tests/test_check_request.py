"""`symmetric check` as request -> library -> renderers (issue 22, item 5): the request runs
without the command line, the listener hears every step, and the help lists the catalogue."""

from __future__ import annotations

import re

from cli_support import invoke

from symmetric.measures import registry
from symmetric.properties import catalogue, driver
from symmetric.userinput import KINDS
from symmetric.userinput.check_request import CheckRequest, Listener, run


def test_a_request_runs_in_the_library_and_the_listener_hears_each_step():
    acc, f1 = registry.get("Acc"), registry.get("F1")
    sym = catalogue.named("SYM", "classification")
    heard = []
    listener = Listener(starting=lambda kind, m: heard.append(("start", m.name)),
                        decided=lambda r, seconds: heard.append((r.property, r.reading)),
                        done=lambda checked, seconds: heard.append(("done", checked[1].name, len(checked[2]))))
    request = CheckRequest(((KINDS["classification"], acc), (KINDS["classification"], f1)), (sym,),
                           time_limit=60, alternates=False)
    found = run(request, listener)
    assert [(m.name, [r.verdict.value for r in rs]) for _, m, rs in found] == [("Acc", ["holds"]), ("F1", ["fails"])]
    assert found[0][2] == driver.check(acc, [sym], time_limit=60)
    assert heard == [("start", "Acc"), ("SYM", found[0][2][0].reading), ("done", "Acc", 1),
                     ("start", "F1"), ("SYM", found[1][2][0].reading), ("done", "F1", 1)]


def test_a_request_keeps_only_the_readings_of_its_kind():
    request = CheckRequest((), readings=(("model", ("fixed-size",)), ("definedness", ("strict",))))
    assert request.readings_for("classification") == {"model": ("fixed-size",), "definedness": ("strict",)}
    assert request.readings_for("quantification") == {}


def test_the_help_lists_every_catalogue_property_by_its_authors():
    text = " ".join(invoke("check", "--help").output.split())
    for kind in ("classification", "quantification"):
        for who, names in catalogue.by_authors(kind):
            assert f"{who}'s {', '.join(names)}" in text, (kind, who)
    listed = set(re.findall(r"\b[A-Z][A-Za-z-]{1,5}\b", text))
    assert {p.name for p in catalogue.properties()} <= listed
