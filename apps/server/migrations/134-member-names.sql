-- Names, not ids (issue 49): a member's name, asked for at invitation and shown where the address was.
-- Members invited before have none (NULL): the console shows their address until an administrator names them.
ALTER TABLE staff_members
  ADD COLUMN name text CHECK (name IS NULL OR char_length(name) BETWEEN 1 AND 100);
