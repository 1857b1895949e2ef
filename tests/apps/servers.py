"""The real applications under test, each started on loopback as a child process, and their own state.

* ``django_admin()``: a Django project written into a temporary folder (an app ``library`` with
  ``Author`` and ``Book``, whose ``ForeignKey`` gives the admin its "+" popup), migrated, with one
  superuser, served by ``manage.py runserver``.
* ``datasette_site()``: a SQLite file with a ``cities`` table that holds NULLs, served by ``datasette``.
* ``sqlite_web_site()``: a SQLite file with a ``products`` table, served by ``sqlite_web`` (PyPI ``sqlite-web``,
  a Flask application with forms to insert and edit rows), for the agent-tasks benchmark: an application no
  test was tuned on.
* ``flask_admin_site()``: a SQLite file with an ``invoices`` table, served by a Flask-Admin site (its list view
  deletes a row through its trash icon, after a confirm()).
* ``jupyterlab_site()``: JupyterLab (``python -m jupyterlab``) on an empty folder, its state the files in it.
* ``nicegui_site()``: a NiceGUI app (Quasar's select, multiple select, checkbox, switch, radio, date and menu), its
  state what its handlers were told, written to a file per form.
* ``streamlit_site()``: a Streamlit app (an order form: Base Web's radio, checkbox and multiselect, and a data
  editor that Glide Data Grid draws on a canvas), its state what its widgets hold, written to a file per form.

Success is judged from what each application holds (its SQLite file read with ``sqlite3`` while the
server runs, or the files it writes), never from what a tool answered.  Each is a child process because
each is exactly what a user runs, and because Django's settings are global to a process.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import sqlite3
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.conftest import scaled
from tests.support.waiting import wait_until

START_TIMEOUT_S = 60.0
STOP_TIMEOUT_S = 10.0
SETUP_TIMEOUT_S = 120.0
ADMIN_USER = "admin"
ADMIN_PASSWORD = "correct-horse-battery"

SETTINGS = """
from pathlib import Path
BASE_DIR = Path(__file__).resolve().parent
SECRET_KEY = "test-only-not-secret"
DEBUG = True
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
INSTALLED_APPS = [
    "django.contrib.admin", "django.contrib.auth", "django.contrib.contenttypes",
    "django.contrib.sessions", "django.contrib.messages", "django.contrib.staticfiles", "library",
]
MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
]
ROOT_URLCONF = "site_urls"
TEMPLATES = [{
    "BACKEND": "django.template.backends.django.DjangoTemplates", "DIRS": [], "APP_DIRS": True,
    "OPTIONS": {"context_processors": [
        "django.template.context_processors.request", "django.contrib.auth.context_processors.auth",
        "django.contrib.messages.context_processors.messages",
    ]},
}]
DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": BASE_DIR / "db.sqlite3"}}
STATIC_URL = "static/"
MEDIA_ROOT = BASE_DIR / "media"
DEFAULT_AUTO_FIELD = "django.db.models.AutoField"
USE_TZ = True
"""

URLS = """
from django.contrib import admin
from django.urls import path
urlpatterns = [path("admin/", admin.site.urls)]
"""

MODELS = """
from django.db import models


class Author(models.Model):
    name = models.CharField(max_length=100)

    def __str__(self):
        return self.name


class Book(models.Model):
    title = models.CharField(max_length=200)
    author = models.ForeignKey(Author, on_delete=models.CASCADE)
    year = models.IntegerField()
    in_print = models.BooleanField(default=True)
    cover = models.FileField(upload_to="covers/", blank=True, db_default="")

    def __str__(self):
        return self.title
"""

ADMIN = """
from django.contrib import admin
from .models import Author, Book


@admin.register(Author)
class AuthorAdmin(admin.ModelAdmin):
    search_fields = ["name"]


@admin.register(Book)
class BookAdmin(admin.ModelAdmin):
    list_display = ["title", "author", "year", "in_print"]
    list_filter = ["in_print"]
    search_fields = ["title"]
"""

#: The books and authors the admin starts with (loaded through the ORM, so Django's own rules apply).
SEED = """
from library.models import Author, Book
le_guin = Author.objects.create(name="Ursula K. Le Guin")
calvino = Author.objects.create(name="Italo Calvino")
Book.objects.create(title="The Dispossessed", author=le_guin, year=1974, in_print=True)
Book.objects.create(title="The Lathe of Heaven", author=le_guin, year=1971, in_print=False)
Book.objects.create(title="Invisible Cities", author=calvino, year=1972, in_print=True)
"""

CITIES_TABLE = (
    "create table cities (id integer primary key, name text, country text, founded integer, population integer)"
)
CITIES = [
    ("Tokyo", "Japan", None, 13960000),
    ("Delhi", "India", 1911, None),
    ("Lagos", "Nigeria", None, 15388000),
    ("Lima", "Peru", 1535, 9751000),
    ("Oslo", "Norway", 1040, 709000),
    ("Quito", "Ecuador", 1534, None),
    ("Osaka", "Japan", None, 2691000),
]


def free_port() -> int:
    """A port the kernel has just handed out on loopback (the child binds it a moment later)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def answers(url: str) -> bool:
    """Whether an HTTP server answers at ``url`` (any status counts: it is listening)."""
    try:
        with urllib.request.urlopen(url, timeout=2):
            return True
    except urllib.error.HTTPError:
        return True
    except OSError:
        return False


@dataclass(frozen=True)
class App:
    """A running application: its origin, its SQLite file, and its log (for a failure's explanation)."""

    origin: str
    database: Path
    log: Path

    def url(self, path: str) -> str:
        return self.origin + path

    def rows(self, sql: str, *parameters: Any) -> list[tuple[Any, ...]]:
        """The application's own state: ``sql`` run on its database, read-only."""
        with contextlib.closing(sqlite3.connect(f"file:{self.database}?mode=ro", uri=True)) as db:
            return list(db.execute(sql, parameters))

    def insert(self, sql: str, *parameters: Any) -> int:
        """Set up a row the way a second user of the application would (``sql`` committed); its rowid."""
        with contextlib.closing(sqlite3.connect(self.database)) as db:
            rowid = db.execute(sql, parameters).lastrowid
            db.commit()
        assert rowid is not None
        return rowid


@contextlib.contextmanager
def child(command: list[str], cwd: Path, env: dict[str, str], ready_url: str, log: Path) -> Iterator[None]:
    """Run ``command`` until the block ends; ready once ``ready_url`` answers; stopped (then killed) after."""
    with open(log, "w", encoding="utf-8") as output:
        process = subprocess.Popen(command, cwd=cwd, env=env, stdout=output, stderr=subprocess.STDOUT)
    try:

        def listening() -> bool:
            if process.poll() is not None:
                raise RuntimeError(f"{command[:3]} exited with {process.returncode}:\n{log.read_text()[-2000:]}")
            return answers(ready_url)

        wait_until(listening, START_TIMEOUT_S, f"{ready_url} to answer")
        yield
    finally:
        process.terminate()
        try:
            process.wait(scaled(STOP_TIMEOUT_S))
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def run(command: list[str], cwd: Path, env: dict[str, str]) -> None:
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=scaled(SETUP_TIMEOUT_S))
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command[1:4])} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")


@contextlib.contextmanager
def django_admin() -> Iterator[App]:
    """A fresh Django project with the ``library`` app, migrated and seeded, on a loopback port."""
    with tempfile.TemporaryDirectory(prefix="hermes-django-") as folder:
        root = Path(folder)
        (root / "library" / "migrations").mkdir(parents=True)
        (root / "site_settings.py").write_text(SETTINGS)
        (root / "site_urls.py").write_text(URLS)
        (root / "library" / "__init__.py").write_text("")
        (root / "library" / "migrations" / "__init__.py").write_text("")
        (root / "library" / "models.py").write_text(MODELS)
        (root / "library" / "admin.py").write_text(ADMIN)
        env = dict(
            os.environ,
            DJANGO_SETTINGS_MODULE="site_settings",
            PYTHONPATH=str(root),
            DJANGO_SUPERUSER_PASSWORD=ADMIN_PASSWORD,
        )
        django = [sys.executable, "-m", "django"]
        run([*django, "makemigrations", "library"], root, env)
        run([*django, "migrate", "--noinput"], root, env)
        run([*django, "createsuperuser", "--noinput", "--username", ADMIN_USER, "--email", "a@example.org"], root, env)
        run([*django, "shell", "-c", SEED], root, env)
        port = free_port()
        origin = f"http://127.0.0.1:{port}"
        log = root / "server.log"
        with child([*django, "runserver", "--noreload", f"127.0.0.1:{port}"], root, env, origin + "/admin/login/", log):
            yield App(origin, root / "db.sqlite3", log)


def seeded(database: Path, table: str, insert: str, rows: list[tuple[Any, ...]]) -> None:
    """A SQLite file at ``database`` with ``table`` created and ``rows`` inserted (``insert`` takes one)."""
    with contextlib.closing(sqlite3.connect(database)) as db:
        db.execute(table)
        db.executemany(insert, rows)
        db.commit()


@contextlib.contextmanager
def served_database(
    prefix: str, name: str, seed: Callable[[Path], None], command: Callable[[Path, int], list[str]], ready: str
) -> Iterator[App]:
    """An application serving a SQLite file (``name`` in a fresh folder, filled by ``seed``): ``command(database,
    port)`` runs it on a free loopback port until the block ends, ready once ``ready`` (a path) answers."""
    with tempfile.TemporaryDirectory(prefix=prefix) as folder:
        root = Path(folder)
        database = root / name
        seed(database)
        port = free_port()
        origin = f"http://127.0.0.1:{port}"
        log = root / "server.log"
        # Unbuffered: the tests read an application's access log while it runs.
        with child(command(database, port), root, dict(os.environ, PYTHONUNBUFFERED="1"), origin + ready, log):
            yield App(origin, database, log)


@contextlib.contextmanager
def datasette_site() -> Iterator[App]:
    """datasette serving ``world.db`` (a ``cities`` table with NULLs), with SQL writes refused as datasette does."""
    insert = "insert into cities (name, country, founded, population) values (?, ?, ?, ?)"
    with served_database(
        "hermes-datasette-",
        "world.db",
        lambda database: seeded(database, CITIES_TABLE, insert, CITIES),
        lambda database, port: [
            *(sys.executable, "-m", "datasette", "serve", str(database)),
            *("--host", "127.0.0.1", "--port", str(port)),
        ],
        "/-/versions.json",
    ) as app:
        yield app


PRODUCTS_TABLE = "create table products (id integer primary key, name text not null, price real, stock integer)"
PRODUCTS = [("Teapot", 24.5, 3), ("Kettle", 39.0, 0), ("Mug", 6.0, 120)]


@contextlib.contextmanager
def sqlite_web_site() -> Iterator[App]:
    """sqlite-web serving ``shop.db`` (a ``products`` table), writable, on a loopback port."""
    insert = "insert into products (name, price, stock) values (?, ?, ?)"
    with served_database(
        "hermes-sqlite-web-",
        "shop.db",
        lambda database: seeded(database, PRODUCTS_TABLE, insert, PRODUCTS),
        lambda database, port: [
            *(sys.executable, "-m", "sqlite_web.sqlite_web", "--no-browser"),
            *("--port", str(port), str(database)),
        ],
        "/products/",
    ) as app:
        yield app


INVOICES_TABLE = "create table invoices (id integer primary key, number text not null, customer text not null)"
INVOICES = [("INV-101", "Acme"), ("INV-102", "Globex"), ("INV-103", "Initech")]
#: A Flask-Admin site over the invoices table, run as ``python -c FLASK_ADMIN_APP <database> <port>``: its list view
#: deletes a row through the trash icon of its row, a button that asks confirm() before it posts the row's form.
FLASK_ADMIN_APP = """
import sys
from flask import Flask
from flask_admin import Admin
from flask_admin.contrib.sqla import ModelView
from flask_sqlalchemy import SQLAlchemy

app = Flask(__name__)
app.config.update(SQLALCHEMY_DATABASE_URI="sqlite:///" + sys.argv[1], SECRET_KEY="test-only-not-secret")
db = SQLAlchemy(app)


class Invoice(db.Model):
    __tablename__ = "invoices"
    id = db.Column(db.Integer, primary_key=True)
    number = db.Column(db.String, nullable=False)
    customer = db.Column(db.String, nullable=False)


class InvoiceView(ModelView):
    column_list = ["number", "customer"]


admin = Admin(app, name="Billing")
admin.add_view(InvoiceView(Invoice, db.session))
app.run(host="127.0.0.1", port=int(sys.argv[2]))
"""


@contextlib.contextmanager
def flask_admin_site() -> Iterator[App]:
    """Flask-Admin (PyPI ``flask-admin``, with Flask-SQLAlchemy) serving ``billing.db`` (an ``invoices`` table)."""
    insert = "insert into invoices (number, customer) values (?, ?)"
    with served_database(
        "hermes-flask-admin-",
        "billing.db",
        lambda database: seeded(database, INVOICES_TABLE, insert, INVOICES),
        lambda database, port: [sys.executable, "-c", FLASK_ADMIN_APP, str(database), str(port)],
        "/admin/invoice/",
    ) as app:
        yield app


@dataclass(frozen=True)
class FilesApp:
    """A running application whose state is the files of a folder: its origin, that folder, and its log."""

    origin: str
    root: Path
    log: Path

    def url(self, path: str) -> str:
        return self.origin + path


@contextlib.contextmanager
def jupyterlab_site() -> Iterator[FilesApp]:
    """JupyterLab serving an empty folder on a loopback port, without a token (nothing but this machine reaches
    it), its settings, data and runtime folders fresh, and nothing that would ask the internet (news, updates, the
    extension manager's index)."""
    with tempfile.TemporaryDirectory(prefix="hermes-jupyterlab-") as folder:
        home = Path(folder)
        root = home / "work"
        root.mkdir()
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        env |= {f"JUPYTER_{part}_DIR": str(home / part.lower()) for part in ("CONFIG", "DATA", "RUNTIME")}
        port = free_port()
        origin = f"http://127.0.0.1:{port}"
        command = [
            *(sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root", "--ServerApp.ip=127.0.0.1"),
            *(f"--ServerApp.port={port}", "--IdentityProvider.token=", "--ServerApp.password="),
            *(f"--ServerApp.root_dir={root}", "--LabApp.news_url=", "--LabServerApp.extension_manager=readonly"),
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
            f"--LabApp.user_settings_dir={home / 'settings'}",
            f"--LabApp.workspaces_dir={home / 'workspaces'}",
        ]
        log = home / "server.log"
        with child(command, home, env, origin + "/lab", log):
            yield FilesApp(origin, root, log)


@contextlib.contextmanager
def orders_app(name: str, script: str, command: Callable[[int], list[str]], env: dict[str, str]) -> Iterator[FilesApp]:
    """``script``, written as ``app.py`` into a fresh folder beside an empty ``orders/``, run there by
    ``command(port)`` on a free loopback port until the block ends (ready once ``/`` answers), with ``env`` and a
    ``HOME`` of its own; its state the files the app writes in ``orders/``."""
    with tempfile.TemporaryDirectory(prefix=f"hermes-{name}-") as folder:
        root = Path(folder)
        (root / "orders").mkdir()
        (root / "app.py").write_text(script)
        port = free_port()
        origin = f"http://127.0.0.1:{port}"
        log = root / "server.log"
        with child(command(port), root, env | {"HOME": str(root), "PYTHONUNBUFFERED": "1"}, origin + "/", log):
            yield FilesApp(origin, root, log)


#: How long a change a widget makes may take to reach the app's own state (Streamlit runs its script again).
ORDER_TIMEOUT_S = 10.0


def order_of(app: FilesApp, form: str) -> dict[str, Any] | None:
    """What the app holds for the form, as it last wrote it (``orders/<form>.json``); None before it first does."""
    written = app.root / "orders" / f"{form}.json"
    return json.loads(written.read_text()) if written.exists() else None


def order_holds(app: FilesApp, form: str, **wanted: Any) -> dict[str, Any]:
    """The form's order once it holds ``wanted``, within ``ORDER_TIMEOUT_S``."""
    return wait_until(
        lambda: (
            (order := order_of(app, form)) and all(order.get(key) == value for key, value in wanted.items()) and order
        ),
        ORDER_TIMEOUT_S,
        f"the order to hold {wanted}, not {order_of(app, form)}",
    )


#: The Streamlit app, run as ``streamlit run``: each run of the script (Streamlit runs it again after every change a
#: widget makes) writes what the widgets hold to ``orders/<form>.json``, the form named by the URL's ``?form=``.
STREAMLIT_APP = """
import json
import pathlib

import pandas as pd
import streamlit as st

st.title("Order desk")
plan = st.radio("Plan", ["Personal", "Business", "Enterprise"], horizontal=True)
gift = st.checkbox("Gift wrap")
channels = st.multiselect("Channels", ["Email", "SMS", "Phone", "Post"])
budgets = st.data_editor(pd.DataFrame({"city": ["Lisbon", "Oslo"], "budget": [4000, 2500]}), key="budgets")
if st.button("Place order"):
    st.session_state["placed"] = st.session_state.get("placed", 0) + 1
order = {
    "plan": plan,
    "gift": gift,
    "channels": channels,
    "budgets": budgets.to_dict("records"),
    "placed": st.session_state.get("placed", 0),
}
form = st.query_params.get("form", "default")
written = pathlib.Path("orders", form + ".json.new")
written.write_text(json.dumps(order))
written.replace(written.with_suffix(""))  # whole, for a reader at any moment
"""


@contextlib.contextmanager
def streamlit_site() -> Iterator[FilesApp]:
    """``STREAMLIT_APP`` served by Streamlit, headless (no browser, no usage statistics, no file watcher)."""
    command = [
        *(sys.executable, "-m", "streamlit", "run", "app.py", "--server.headless=true", "--server.address=127.0.0.1"),
        *("--browser.gatherUsageStats=false", "--server.fileWatcherType=none"),
    ]
    with orders_app(
        "streamlit", STREAMLIT_APP, lambda port: [*command, f"--server.port={port}"], dict(os.environ)
    ) as app:
        yield app


#: The NiceGUI app, run as ``python app.py <port>``: each widget's handler writes what it was told to
#: ``orders/<form>.json`` (whole, by a rename), the form named by the URL's ``?form=``.
NICEGUI_APP = """
import json
import pathlib
import sys

from nicegui import ui


@ui.page("/")
def order_page(form: str = "default") -> None:
    order = {}

    def told(key):
        def handler(event):
            order[key] = getattr(event, "value", True)
            written = pathlib.Path("orders", form + ".json.new")
            written.write_text(json.dumps(order))
            written.replace(written.with_suffix(""))

        return handler

    ui.label("Shop settings")
    ui.select(["Email", "SMS", "Phone", "Post"], multiple=True, label="Channels", on_change=told("channels"))
    ui.select(["Europe", "Asia", "Americas"], label="Region", on_change=told("region"))
    ui.checkbox("Gift wrap", on_change=told("gift"))
    ui.switch("Notify me", on_change=told("notify"))
    ui.radio(["Small", "Medium", "Large"], on_change=told("size")).props("inline")
    ui.date(value="2026-05-10", on_change=told("date"))
    with ui.button("Actions"):
        with ui.menu():
            ui.menu_item("Archive", on_click=told("archived"))
    ui.button("Place order", on_click=told("placed"))


ui.run(host="127.0.0.1", port=int(sys.argv[1]), show=False, reload=False, show_welcome_message=False)
"""


@contextlib.contextmanager
def nicegui_site() -> Iterator[FilesApp]:
    """``NICEGUI_APP`` run by Python."""
    # (NiceGUI takes a PYTEST_ variable for a sign that its own screen tests run it, and then wants their port)
    env = {key: value for key, value in os.environ.items() if not key.startswith("PYTEST")}
    with orders_app("nicegui", NICEGUI_APP, lambda port: [sys.executable, "app.py", str(port)], env) as app:
        yield app
