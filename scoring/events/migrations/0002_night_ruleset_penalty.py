"""A night plays its season's ruleset, stored once (on the season): ``Event.ruleset``
goes. Penalties are season records of the standings: their model leaves this app's state
here and ``standings.0002`` takes it over with its table (renamed ``standings_penalty``
there), rows untouched.

Back to 0001 the column comes back filled from each night's season."""

from django.db import migrations, models


def rulesets_from_seasons(apps, schema_editor):
    Event = apps.get_model("events", "Event")
    for event in Event.objects.select_related("season"):
        event.ruleset_id = event.season.ruleset_id
        event.save(update_fields=["ruleset"])


class Migration(migrations.Migration):

    dependencies = [
        ("events", "0001_initial"),
        ("leagues", "0001_initial"),
    ]

    operations = [
        migrations.AlterField(
            model_name="event",
            name="ruleset",
            field=models.ForeignKey(
                null=True,
                on_delete=models.deletion.RESTRICT,
                related_name="+",
                to="leagues.ruleset",
            ),
        ),
        migrations.RunPython(migrations.RunPython.noop, rulesets_from_seasons),
        migrations.RemoveField(model_name="event", name="ruleset"),
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="Penalty")],
            database_operations=[],
        ),
    ]
