"""Alembic environment: runs on the connection `hacktable.store.migrate` hands it."""

from alembic import context

from hacktable.store.schema import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
