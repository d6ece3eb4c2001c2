"""Empty since the standings moved out of ``leagues``.

This migration used to drop the standings models from ``leagues``' migration state
(state only) when they moved to ``standings``. ``leagues``' migrations no longer create
them, so there is nothing to drop. The name stays: databases have it recorded, and
``standings``' 0001_initial depends on it."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('leagues', '0007_denormalised_fks_no_constraint'),
    ]

    operations = []
