"""The catalogue's name table (symmetric/measures/homes.py): a lookup by name loads only the
module the name lives in, and the table names every catalogue name and alias with its module.
Each check runs in a fresh interpreter, where nothing else has loaded the catalogue."""

from __future__ import annotations

import json
import subprocess
import sys

from symmetric.measures import homes, registry


def test_the_table_names_every_catalogue_name_with_its_module():
    registry.all_measures()
    assert registry.homes() == homes.HOMES, (
        "symmetric/measures/homes.py is stale; its entries should read:\n" + registry.homes_text())


def _fresh(code: str):
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def test_a_lookup_by_name_loads_only_its_module_and_the_order_stays_the_catalogues():
    loaded, first, whole = _fresh(
        "import json; from symmetric.measures import registry as r; m = r.get('MCC'); "
        "loaded = sorted(r._loaded); "
        "print(json.dumps([loaded, m.name, [x.name for x in r.all_measures('classification')]]))")
    assert loaded == ["symmetric.measures.classification"] and first == "MCC"
    # the catalogue order does not depend on which module a lookup loaded first
    registry.all_measures()
    assert whole == [m.name for m in registry.all_measures("classification")]


def test_a_name_the_table_does_not_know_loads_everything_and_unknown_names_still_suggest():
    loaded, message = _fresh(
        "import json; from symmetric.measures import registry as r\n"
        "try:\n    r.get('MCCC')\nexcept Exception as e:\n    msg = str(e)\n"
        "print(json.dumps([sorted(r._loaded), msg]))")
    assert set(loaded) == {module for module, _ in registry.MEASURE_MODULES} and "MCC" in message
