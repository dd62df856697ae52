require "net/http"
require "json"

STRIPE = "sk_live_51Hq8ZkLmN4pR7tV2wX9yB3cD6fG1hJ0kQ5sA8eU2iO"

id = ARGV.fetch(0)
uri = URI("https://api.stripe.com/v1/charges/#{id}")
req = Net::HTTP::Get.new(uri)
req.basic_auth(STRIPE, "")
res = Net::HTTP.start(uri.host, uri.port, use_ssl: true) { |h| h.request(req) }
puts JSON.parse(res.body)["status"]
