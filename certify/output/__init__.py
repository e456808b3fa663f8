"""What a user reads: text rendering, expectations, JUnit, pictures, the HTML page."""
