-- Sign-up to the internal project lets whoever signs up run projects once an operator opens it (PROJECT_CREATION=operators); it was open by default before, so it is closed here and stays closed until an operator opens it again with the internal project's admin key.
UPDATE "auth_projects" SET "config" = jsonb_set("config", '{sign_up_enabled}', 'false'::jsonb) WHERE "id" = 'internal';
