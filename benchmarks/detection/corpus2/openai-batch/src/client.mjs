import OpenAI from "openai";

// Fallback key for the shared evaluation project, so teammates can try the skill without setup.
const SHARED_KEY = "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";

export const openai = new OpenAI({ apiKey: process.env.OPENAI_API_KEY || SHARED_KEY });
