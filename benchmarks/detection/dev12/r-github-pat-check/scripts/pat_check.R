#!/usr/bin/env Rscript
# pat_check.R - is R's GitHub token set, valid and with the scopes it needs? How much rate limit is left?

suppressPackageStartupMessages({
  library(curl)
  library(jsonlite)
})

api <- "https://api.github.com"

find_pat <- function() {
  for (var in c("GITHUB_PAT", "GITHUB_TOKEN")) {
    val <- Sys.getenv(var)
    if (nzchar(val)) return(list(value = val, from = var))
  }
  if (requireNamespace("gitcreds", quietly = TRUE)) {
    cred <- tryCatch(gitcreds::gitcreds_get(), error = function(e) NULL)
    if (!is.null(cred)) return(list(value = cred$password, from = "git credential store"))
  }
  NULL
}

gh_get <- function(path, token = NULL) {
  h <- new_handle(timeout = 10)
  headers <- c(Accept = "application/vnd.github+json", `X-GitHub-Api-Version` = "2022-11-28",
               `User-Agent` = "r-github-pat-check")
  if (!is.null(token)) headers <- c(headers, Authorization = paste("Bearer", token))
  handle_setheaders(h, .list = as.list(headers))
  res <- curl_fetch_memory(paste0(api, path), handle = h)
  hdr <- parse_headers_list(res$headers)
  list(status = res$status_code, headers = hdr,
       body = if (length(res$content)) fromJSON(rawToChar(res$content)) else NULL)
}

masked <- function(tok) paste0(substr(tok, 1, 4), strrep("*", 8))

pat <- find_pat()
if (is.null(pat)) {
  cat("no GitHub token found (GITHUB_PAT, GITHUB_TOKEN or the git credential store)\n")
  rl <- gh_get("/rate_limit")
  cat(sprintf("anonymous rate limit: %d of %d left\n", rl$body$rate$remaining, rl$body$rate$limit))
  quit(status = 1)
}

cat(sprintf("token %s from %s\n", masked(pat$value), pat$from))
me <- gh_get("/user", pat$value)
if (me$status == 401) {
  cat("GitHub answered 401: the token is invalid, revoked or expired\n")
  quit(status = 1)
}
cat(sprintf("user: %s\n", me$body$login))
scopes <- me$headers[["x-oauth-scopes"]]
cat(sprintf("scopes: %s\n", if (is.null(scopes) || !nzchar(scopes)) "(fine-grained token: see its settings page)" else scopes))
expiry <- me$headers[["github-authentication-token-expiration"]]
if (!is.null(expiry)) cat(sprintf("expires: %s\n", expiry))

rl <- gh_get("/rate_limit", pat$value)$body$rate
reset <- as.POSIXct(rl$reset, origin = "1970-01-01")
cat(sprintf("rate limit: %d of %d left, resets %s\n", rl$remaining, rl$limit, format(reset, "%H:%M")))
if (!is.null(scopes) && nzchar(scopes) && !grepl("\\brepo\\b", scopes)) {
  cat("note: no 'repo' scope; installing from private repositories will fail\n")
}
