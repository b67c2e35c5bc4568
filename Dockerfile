FROM node:20-bookworm-slim
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build -w web
ENV NATS_SPAWN=off
EXPOSE 8080 32960
CMD ["npm", "run", "start", "-w", "gateway"]
