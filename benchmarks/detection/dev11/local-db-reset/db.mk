# db.mk: reset a local development database. Usage: make -f db.mk reset DB=myapp_dev
PGHOST  ?= localhost
PGUSER  ?= $(USER)
MIGRATE ?= npm run migrate
SEED    ?= npm run seed
export PGHOST PGUSER

.PHONY: reset guard

guard:
	@test -n "$(DB)" || { echo "DB=<name> is required"; exit 2; }
	@case "$(DB)" in *_dev|*_test) ;; *) echo "refusing: $(DB) does not end in _dev or _test"; exit 2;; esac
	@case "$(PGHOST)" in localhost|127.0.0.1|::1|/*) ;; *) echo "refusing: PGHOST=$(PGHOST) is not local"; exit 2;; esac

reset: guard
	psql -d postgres -v ON_ERROR_STOP=1 -c "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '$(DB)' AND pid <> pg_backend_pid();"
	dropdb --if-exists "$(DB)"
	createdb "$(DB)"
	DATABASE_URL=postgres://$(PGUSER)@$(PGHOST)/$(DB) $(MIGRATE)
	DATABASE_URL=postgres://$(PGUSER)@$(PGHOST)/$(DB) $(SEED)
	@echo "$(DB) recreated, migrated and seeded"
