-- Card payments (issue 9): the Payment Options page saves the store's connected account and the
-- `account.updated` webhook keeps its charges-enabled flag, both as the app role in the store's scope.
GRANT UPDATE (stripe_account_id, stripe_charges_enabled) ON stores TO storefront_app;
