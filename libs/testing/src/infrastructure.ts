/** Where the real test infrastructure lives; CI and developers' machines run both locally. */
export const testDatabaseUrl = () =>
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const testAmqpUrl = () => process.env.TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
export const testRedisUrl = () => process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export const HOW_TO_START = `Tests need real PostgreSQL and RabbitMQ.
Start the local servers:
  pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start
  rabbitmq-server -detached
or point TEST_DATABASE_URL / TEST_AMQP_URL at running ones, or run a Docker engine so testcontainers can start them.`;
