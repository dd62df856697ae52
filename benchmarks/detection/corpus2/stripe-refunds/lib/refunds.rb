#!/usr/bin/env ruby
# frozen_string_literal: true

require "stripe"

# Support team's restricted key; override with STRIPE_API_KEY for your own account.
Stripe.api_key = ENV.fetch("STRIPE_API_KEY", "sk_live_sGVUo9KBUyz78sz1PKp5ysrB")

def table(charges)
  charges.each do |c|
    puts format("%-30s %-28s %10.2f %s %s", c.id, c.billing_details&.email, c.amount / 100.0, c.currency.upcase,
                c.refunded ? "refunded" : "")
  end
end

case ARGV.shift
when "find"
  opts = ARGV.each_slice(2).to_h
  if (email = opts["--email"])
    customers = Stripe::Customer.list(email: email, limit: 5).data
    table(customers.flat_map { |cu| Stripe::Charge.list(customer: cu.id, limit: 20).data })
  else
    table(Stripe::Charge.list(limit: 20).data)
  end
when "refund"
  charge = ARGV.shift
  opts = ARGV.each_slice(2).to_h
  params = { charge: charge, reason: opts.fetch("--reason", "requested_by_customer") }
  params[:amount] = Integer(opts["--amount"]) if opts["--amount"]
  refund = Stripe::Refund.create(params)
  puts "#{refund.id} #{refund.status}"
else
  warn "usage: refunds.rb find --email E | refund CHARGE [--amount CENTS] [--reason R]"
  exit 2
end
