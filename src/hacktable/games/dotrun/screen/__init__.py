"""./Run's screen: its template and task panel, its builder (`builder.prepare`) and its CSS and
JS, read by the web layer (the companion and Rules for Runners borrow the task panel)."""
