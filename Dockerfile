# The TwentyNine site served by daphne (used by docker-compose.yml).
FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /app
# gcc builds the bots' compiled solver core (game/bots/solver/_core.c).
RUN apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
COPY pyproject.toml setup.py README.md ./
COPY twentynine ./twentynine
COPY accounts ./accounts
COPY game ./game
COPY learn ./learn
RUN pip install --no-cache-dir .
COPY . .
RUN DEBUG=false SECRET_KEY=collectstatic-only python manage.py collectstatic --noinput
EXPOSE 8000
CMD ["sh", "-c", "python manage.py migrate --noinput && exec daphne -b 0.0.0.0 -p 8000 --websocket-max-message-size 16384 --proxy-headers twentynine.asgi:application"]
