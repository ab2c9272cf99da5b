# The TwentyNine site served by daphne (docker-compose.yml runs it).
# Stage "build" compiles the bots' C cores (gcc) beside their sources and collects the static
# files; the image that runs keeps only the virtual environment and /app, without a compiler,
# as an unprivileged user. The site runs from /app itself (an editable install), so nothing
# in site-packages can shadow, or be shadowed by, the code in the working directory.
# tests/rehearsal runs this file's RUN lines and CMD on a clean export of the tree: keep each
# RUN a plain shell command that names /venv and /app only through $VIRTUAL_ENV and the
# working directory.
FROM python:3.11-slim AS build
ENV PYTHONDONTWRITEBYTECODE=1 VIRTUAL_ENV=/venv PATH=/venv/bin:$PATH
RUN apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
RUN python -m venv "$VIRTUAL_ENV"
WORKDIR /app
COPY requirements.lock ./
# Every package pinned, each file checked against its hash (scripts/lock writes the file).
RUN --mount=type=cache,target=/root/.cache/pip \
    pip install --require-hashes --no-deps -r requirements.lock
COPY . .
RUN pip install --no-deps --no-build-isolation --no-cache-dir -e . \
    && python -m twentynine.build \
    && DEBUG=false SECRET_KEY=collectstatic-only python manage.py collectstatic --noinput

FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 VIRTUAL_ENV=/venv PATH=/venv/bin:$PATH
RUN useradd --system --uid 10001 --no-create-home twentynine
COPY --from=build /venv /venv
COPY --from=build /app /app
WORKDIR /app
USER twentynine
EXPOSE 8000 9100
CMD ["daphne", "-b", "0.0.0.0", "-p", "8000", "--websocket-max-message-size", "16384", "--proxy-headers", "twentynine.asgi:application"]
