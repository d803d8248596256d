-- Issue 15: book-class runs as one statement, outside a transaction, so nothing can roll it back after it
-- ran; a statement whose own checks fail (the learner's credits fell short) calls this to undo itself.
-- SQLSTATE TK001 with the reason as the message (db/errors.ts, isRefusal).
CREATE FUNCTION refuse(reason text) RETURNS integer LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'TK001', MESSAGE = reason;
END
$$;
