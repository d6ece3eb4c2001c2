"""Empty since the standings moved out of ``leagues``.

This migration used to drop three indexes of ``leagues_playersessionstat`` and so
depended on ``scoring``. ``standings``' 0001_initial creates that table without them.
The name stays: databases have it recorded."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('leagues', '0005_audit_log'),
    ]

    operations = []
