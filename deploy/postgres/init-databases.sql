-- One database per service (docker-compose runs this on first start).
CREATE DATABASE identity;
CREATE DATABASE catalog;
CREATE DATABASE scheduling;
CREATE DATABASE commerce;
CREATE DATABASE billing;
CREATE DATABASE notifications;
