"""Empty since the standings moved out of ``leagues``.

This migration used to create the standings and ratings tables (``leagues_sessionresult``,
``leagues_playerclubstat``, ``leagues_playerrating``, ``leagues_playerseasonstat``,
``leagues_playersessionstat``, ``leagues_ratingevent``) and so depended on ``scoring``.
``standings``' 0001_initial creates them now, and takes over the tables of a database
that ran this migration's old version. The name stays: databases have it recorded."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('leagues', '0001_initial'),
    ]

    operations = []
