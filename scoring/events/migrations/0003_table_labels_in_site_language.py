"""A night's table label in the site's language (zh-hans) whoever started the table.

Tables started by someone reading the site in English stored "<night> Round 1 · Table 2";
the label is stored text that every reader sees (lists, the season's 桌号 column), so
those become "<night> 第1轮 第2桌", as tables are labelled now. Only that English ending
is rewritten (a label edited since keeps its words). The words are written out here, as
the catalogues had them, so later changes to the catalogues do not change this step."""

from __future__ import annotations

from typing import Any

from django.db import migrations


def labels_in_site_language(apps: Any, schema_editor: Any) -> None:
    Session = apps.get_model("scoring", "Session")
    started = Session.objects.filter(event_table__isnull=False).values_list(
        "pk", "table_label", "event_table__round__number", "event_table__number"
    )
    for pk, label, round_number, table_number in started.iterator():
        english = f"Round {round_number} · Table {table_number}"
        if label.endswith(english):
            chinese = f"第{round_number}轮 第{table_number}桌"
            Session.objects.filter(pk=pk).update(table_label=label[: -len(english)] + chinese)


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0002_night_ruleset_penalty"),
        ("scoring", "0009_player_read_indexes"),
    ]

    operations = [migrations.RunPython(labels_in_site_language, migrations.RunPython.noop)]
