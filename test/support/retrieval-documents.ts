/** A small corpus for retrieval checks: a query about the weather in Paris should rank the third first. */
export const documents = [
  'Tokyo has one of the busiest train networks in the world.',
  'A recipe for sourdough bread with a crisp crust.',
  'The weather in Paris this week: mild, with light rain on Thursday.',
  'Python is a popular programming language for data science.',
]
export const parisWeather = documents[2]!
