"""The standings and ratings models moved to the ``standings`` app (scoring.standings).

State only: their tables keep their names (``leagues_*``) and their rows;
standings' 0001_initial takes the models over in the migration state."""

from django.db import migrations

MOVED = [
    "PlayerClubStat",
    "PlayerRating",
    "PlayerSeasonStat",
    "PlayerSessionStat",
    "RatingEvent",
    "SessionResult",
]


class Migration(migrations.Migration):

    dependencies = [
        ('leagues', '0007_denormalised_fks_no_constraint'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name=name) for name in MOVED],
            database_operations=[],
        ),
    ]
