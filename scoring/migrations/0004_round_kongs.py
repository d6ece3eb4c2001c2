"""RoundKong: the kong rows of every round, derived when a round is stored; the rounds
stored before this migration get theirs from their recorded ``kongs`` (the engine checked
them when they were stored), read as ``scoring.services.engine_calls.kong_rows`` reads
them."""

import django.core.validators
import django.db.models.deletion
from django.db import migrations, models


BATCH = 2000


def kong_rows_fill(apps, schema_editor):
    Round = apps.get_model("scoring", "Round")
    RoundPlayer = apps.get_model("scoring", "RoundPlayer")
    RoundKong = apps.get_model("scoring", "RoundKong")
    ids = list(
        Round.objects.filter(data__has_key="kongs").order_by("pk").values_list("pk", flat=True)
    )
    for start in range(0, len(ids), BATCH):
        chunk = ids[start : start + BATCH]
        seats = {
            (r, s): p
            for r, s, p in RoundPlayer.objects.filter(round_id__in=chunk).values_list(
                "round_id", "seat", "player_id"
            )
        }
        rows = []
        for round_id, kongs in Round.objects.filter(pk__in=chunk).values_list("pk", "data__kongs"):
            for kong in kongs if isinstance(kongs, list) else []:
                if not isinstance(kong, dict):
                    continue
                parts = [(kong.get("seat"), kong.get("kind"))]
                if kong.get("kind") == "ming" and kong.get("from") is not None:
                    parts.append((kong["from"], "fed"))
                for seat, kind in parts:
                    player_id = seats.get((round_id, seat))
                    if player_id is not None and isinstance(kind, str):
                        rows.append(
                            RoundKong(round_id=round_id, player_id=player_id, seat=seat, kind=kind)
                        )
        RoundKong.objects.bulk_create(rows, batch_size=BATCH)


class Migration(migrations.Migration):
    dependencies = [
        ("leagues", "0003_quick_table"),
        ("scoring", "0003_table_fee_and_anonymous_keys"),
    ]

    operations = [
        migrations.CreateModel(
            name="RoundKong",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "seat",
                    models.PositiveSmallIntegerField(
                        validators=[
                            django.core.validators.MinValueValidator(0),
                            django.core.validators.MaxValueValidator(3),
                        ]
                    ),
                ),
                ("kind", models.CharField(max_length=8, verbose_name="杠")),
                (
                    "player",
                    models.ForeignKey(
                        db_constraint=False,
                        on_delete=django.db.models.deletion.RESTRICT,
                        related_name="round_kongs",
                        to="leagues.player",
                    ),
                ),
                (
                    "round",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="kong_rows",
                        to="scoring.round",
                    ),
                ),
            ],
            options={
                "verbose_name": "杠记录",
                "verbose_name_plural": "杠记录",
                "ordering": ["round", "seat", "id"],
            },
        ),
        migrations.RunPython(kong_rows_fill, migrations.RunPython.noop),
    ]
