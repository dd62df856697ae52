#!/usr/bin/env python3
"""Refund Stripe charges listed in a file."""

import sys

import stripe

stripe.api_key = "sk_live_51MzQ8vK2xT7pR4wL9nB3cY6hJ1dF5gA0sE8uQ2mZ"

print("charge,refund,status")
for charge in open(sys.argv[1]).read().split():
    refund = stripe.Refund.create(charge=charge)
    print(f"{charge},{refund.id},{refund.status}")
