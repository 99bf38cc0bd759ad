-- AlterTable
ALTER TABLE "api_keys" ADD COLUMN     "expires_at" TIMESTAMPTZ(3),
ADD COLUMN     "rotated_at" TIMESTAMPTZ(3),
ADD COLUMN     "scopes" TEXT[] DEFAULT ARRAY['admin']::TEXT[];
