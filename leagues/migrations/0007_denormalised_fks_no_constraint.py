"""Empty since the standings moved out of ``leagues``.

This migration used to drop the foreign-key constraints of the denormalised club,
player and season columns of ``leagues_playersessionstat`` and ``leagues_ratingevent``.
``standings``' 0001_initial creates those tables without them. The name stays:
databases have it recorded, and ``scoring``'s 0004 depends on it."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('leagues', '0006_sessionstat_fewer_indexes'),
    ]

    operations = []
