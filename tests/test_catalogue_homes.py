"""The catalogue's name table (symmetric/measures/homes.py): a lookup by name loads only the
module the name lives in, and the table names every catalogue name and alias with its module.
"""

from __future__ import annotations

import json
import subprocess
import sys

from symmetric.measures import homes, registry


def test_the_table_names_every_catalogue_name_with_its_module():
    registry.all_measures()
    assert registry.homes() == homes.HOMES, (
        "symmetric/measures/homes.py is stale; its entries should read:\n" + registry.homes_text())


def test_a_lookup_by_name_loads_only_its_module_and_an_unknown_name_loads_everything():
    # one fresh interpreter, where nothing else has loaded the catalogue
    code = ("import json; from symmetric.measures import registry as r\n"
            "m = r.get('MCC'); loaded = sorted(r._loaded)\n"
            "try:\n    r.get('MCCC')\nexcept Exception as e:\n    message = str(e)\n"
            "print(json.dumps([loaded, m.name, sorted(r._loaded), message, "
            "[x.name for x in r.all_measures('classification')]]))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded, first, after, message, order = json.loads(out.stdout)
    assert loaded == ["symmetric.measures.classification"] and first == "MCC"
    # a name the table does not know loads every module, and the error still suggests close matches
    assert set(after) == {module for module, _ in registry.MEASURE_MODULES} and "MCC" in message
    # the catalogue's order does not depend on which module a lookup loaded first
    assert order == [m.name for m in registry.all_measures("classification")]
