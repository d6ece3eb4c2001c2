"""Penalties are season records of the standings: the model ``events.0002`` let go of
becomes this app's, over the same rows, and its table is renamed ``standings_penalty``."""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("standings", "0001_initial"),
        ("events", "0002_night_ruleset_penalty"),
        ("leagues", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="Penalty",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                        ("amount", models.IntegerField(verbose_name="分数")),
                        ("reason", models.CharField(max_length=200, verbose_name="原因")),
                        ("created_at", models.DateTimeField(default=django.utils.timezone.now, verbose_name="时间")),
                        ("cancelled_at", models.DateTimeField(blank=True, null=True, verbose_name="撤销时间")),
                        ("cancel_reason", models.CharField(blank=True, max_length=200, verbose_name="撤销原因")),
                        ("cancelled_by", models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name="+", to=settings.AUTH_USER_MODEL)),
                        ("event", models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name="penalties", to="events.event")),
                        ("given_by", models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name="+", to=settings.AUTH_USER_MODEL)),
                        ("player", models.ForeignKey(on_delete=django.db.models.deletion.RESTRICT, related_name="penalties", to="leagues.player")),
                        ("season", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="penalties", to="leagues.season")),
                    ],
                    options={
                        "verbose_name": "罚分",
                        "verbose_name_plural": "罚分",
                        "ordering": ["-created_at", "-id"],
                        "db_table": "events_penalty",
                        "indexes": [models.Index(fields=["season", "player"], name="penalty_season_player_idx")],
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.AlterModelTable(name="penalty", table=None),
    ]
