import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
export default defineConfig({ root: decodeURIComponent(new URL('.', import.meta.url).pathname), base: './', plugins: [react()], build: { outDir: '/tmp/form-scratch-dist', emptyOutDir: true } });
