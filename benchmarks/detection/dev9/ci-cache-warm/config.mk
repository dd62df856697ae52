# cache settings
CACHE_PROTO  := https
CACHE_EDGE   := ci-cache
CACHE_ZONE   := buildtools.example
CACHE_PATH   := /warm/v2
CCACHE_MAX   := 5G
