module example.com/cloudflare-ddns

go 1.22
