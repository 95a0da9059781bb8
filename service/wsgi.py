"""The ASGI application object that gunicorn's uvicorn workers import (name kept conventional)."""

from .app import create_app

app = create_app()
