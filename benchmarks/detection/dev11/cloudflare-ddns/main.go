// cloudflare-ddns: point one DNS record at this machine's public IP.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"os"
	"strings"
	"time"
)

const api = "https://api.cloudflare.com/client/v4"

var client = &http.Client{Timeout: 15 * time.Second}

func cf(method, path string, body any, out any) error {
	var buf bytes.Buffer
	if body != nil {
		json.NewEncoder(&buf).Encode(body)
	}
	req, _ := http.NewRequest(method, api+path, &buf)
	req.Header.Set("Authorization", "Bearer "+os.Getenv("CF_API_TOKEN"))
	req.Header.Set("Content-Type", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("%s %s: %s", method, path, resp.Status)
	}
	return json.NewDecoder(resp.Body).Decode(out)
}

func publicIP(v6 bool) (string, error) {
	url := "https://1.1.1.1/cdn-cgi/trace"
	if v6 {
		url = "https://[2606:4700:4700::1111]/cdn-cgi/trace"
	}
	resp, err := client.Get(url)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		if ip, ok := strings.CutPrefix(sc.Text(), "ip="); ok {
			return ip, nil
		}
	}
	return "", fmt.Errorf("no ip in trace")
}

type list struct {
	Result []struct {
		ID      string `json:"id"`
		Content string `json:"content"`
	} `json:"result"`
}

func main() {
	zone := flag.String("zone", "", "zone name, e.g. example.com")
	record := flag.String("record", "", "record name, e.g. home.example.com")
	v6 := flag.Bool("ipv6", false, "update the AAAA record")
	flag.Parse()
	if *zone == "" || *record == "" || os.Getenv("CF_API_TOKEN") == "" {
		fmt.Fprintln(os.Stderr, "usage: CF_API_TOKEN=... cloudflare-ddns --zone Z --record R [--ipv6]")
		os.Exit(2)
	}
	typ := "A"
	if *v6 {
		typ = "AAAA"
	}
	ip, err := publicIP(*v6)
	if err != nil {
		fmt.Fprintln(os.Stderr, "public ip:", err)
		os.Exit(1)
	}
	var zones list
	if err := cf("GET", "/zones?name="+*zone, nil, &zones); err != nil || len(zones.Result) == 0 {
		fmt.Fprintln(os.Stderr, "zone not found:", err)
		os.Exit(1)
	}
	zid := zones.Result[0].ID
	var recs list
	if err := cf("GET", fmt.Sprintf("/zones/%s/dns_records?type=%s&name=%s", zid, typ, *record), nil, &recs); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	body := map[string]any{"type": typ, "name": *record, "content": ip, "ttl": 300, "proxied": false}
	var res map[string]any
	switch {
	case len(recs.Result) == 0:
		err = cf("POST", "/zones/"+zid+"/dns_records", body, &res)
	case recs.Result[0].Content == ip:
		fmt.Printf("%s already points at %s\n", *record, ip)
		return
	default:
		err = cf("PUT", "/zones/"+zid+"/dns_records/"+recs.Result[0].ID, body, &res)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("%s %s -> %s\n", typ, *record, ip)
}
